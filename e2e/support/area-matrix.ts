/**
 * Which areas the generated browser tests (specs/areas.spec.ts) run for. Areas of one shape (the
 * same screens, the same way to make a record, the same viewer access, the same list features) go
 * through the same code, so a run tests one area of each shape:
 *
 * - `E2E_AREAS=a,b`: exactly these areas (by entity, screen segment or label, any case), as
 *   `npm run test:area` runs them; a name that matches no area fails the run.
 * - `E2E_FULL_MATRIX=1`: every area (`npm run test:all`).
 * - Otherwise one area per shape: the first of each in index order, or with `E2E_MATRIX_SEED=n` the
 *   n-th (counted round each shape), so a run can cover the others in turn.
 */

interface MatrixChoice<T> {
  /** The areas to test, in index order. */
  areas: T[];
  /** What was chosen and why, for the run's output. */
  summary: string;
}

interface MatrixEnv {
  E2E_AREAS?: string;
  E2E_FULL_MATRIX?: string;
  E2E_MATRIX_SEED?: string;
}

export function chooseAreas<T>(
  all: readonly T[],
  shapeOf: (area: T) => string,
  namesOf: (area: T) => readonly string[],
  env: MatrixEnv = process.env,
): MatrixChoice<T> {
  const label = (area: T) => namesOf(area)[0] ?? '?';
  const wanted = (env.E2E_AREAS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (wanted.length > 0) {
    const matches = (area: T, name: string) => namesOf(area).some((n) => n.toLowerCase() === name);
    const unknown = wanted.filter((name) => !all.some((area) => matches(area, name)));
    if (unknown.length > 0) throw new Error(`E2E_AREAS names no area: ${unknown.join(', ')}`);
    const areas = all.filter((area) => wanted.some((name) => matches(area, name)));
    return { areas, summary: `E2E_AREAS: ${areas.map(label).join(', ')}` };
  }
  if (env.E2E_FULL_MATRIX === '1') {
    return { areas: [...all], summary: `full matrix: all ${all.length} areas` };
  }
  const seed = Number.parseInt(env.E2E_MATRIX_SEED ?? '0', 10);
  const shapes = new Map<string, T[]>();
  for (const area of all) {
    const shape = shapeOf(area);
    shapes.set(shape, [...(shapes.get(shape) ?? []), area]);
  }
  const picked = new Set(
    [...shapes.values()].map((group) => group[(Number.isFinite(seed) ? Math.abs(seed) : 0) % group.length]),
  );
  const lines = [...shapes].map(
    ([shape, group]) =>
      `  ${group.filter((area) => picked.has(area)).map(label)[0]} (1 of ${group.length}): ${shape}`,
  );
  return {
    areas: all.filter((area) => picked.has(area)),
    summary: [
      `one area of each of ${shapes.size} shapes (${picked.size} of ${all.length} areas; E2E_FULL_MATRIX=1 tests all):`,
      ...lines,
    ].join('\n'),
  };
}

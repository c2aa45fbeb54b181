/**
 * `TEST_AREA=<Entity>` (set by `npm run test:area`): the generated per-area tests (areas.test.ts,
 * area-records.test.ts, spec-areas.test.ts) run for that one area; unset, for every area.
 */
export const inTestArea = (entity: string): boolean => {
  const only = process.env.TEST_AREA?.trim();
  return !only || only.toLowerCase() === entity.toLowerCase();
};

/** Logistic regression for the map lists' confidence fits (fit-map-confidence.ts, fit-kind-confidence.ts). */

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-Math.max(-50, Math.min(50, z))));
export const dot = (a: readonly number[], b: readonly number[]): number =>
  a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = r;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const p = m[col] as number[];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r] as number[];
      const f = (row[col] ?? 0) / (p[col] ?? 1);
      for (let c = col; c <= n; c++) row[c] = (row[c] ?? 0) - f * (p[c] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

/**
 * Logistic regression by Newton's method with a small ridge (λ, not on the intercept, the first
 * column), so that a feature the pairs never vary keeps a finite weight. `xs` rows start with 1.
 */
export function fitLogistic(
  xs: readonly (readonly number[])[],
  ys: readonly number[],
  lambda = 0.01,
): number[] {
  const k = xs[0]?.length ?? 0;
  let w = new Array<number>(k).fill(0);
  for (let iteration = 0; iteration < 50; iteration++) {
    const grad = w.map((wi, j) => (j === 0 ? 0 : -lambda * wi));
    const hess = Array.from({ length: k }, (_r, i) =>
      Array.from({ length: k }, (_c, j) => (i === j && i > 0 ? lambda : 0)),
    );
    xs.forEach((x, n) => {
      const p = sigmoid(dot(w, x));
      const err = (ys[n] ?? 0) - p;
      const v = p * (1 - p);
      for (let i = 0; i < k; i++) {
        grad[i] = (grad[i] ?? 0) + err * (x[i] ?? 0);
        const row = hess[i] as number[];
        for (let j = 0; j < k; j++) row[j] = (row[j] ?? 0) + v * (x[i] ?? 0) * (x[j] ?? 0);
      }
    });
    const step = solve(hess, grad);
    w = w.map((wi, i) => wi + (step[i] ?? 0));
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return w;
}

/**
 * Of the items a model puts in each band of probability (`probability`), the share that are true
 * (`truth`), one line a band: how well the fitted confidence means what it says.
 */
export function reliability<T>(
  items: readonly T[],
  probability: (item: T) => number,
  truth: (item: T) => boolean,
): string {
  const bands = [0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.95, 1.0001];
  const lines: string[] = [];
  for (let b = 0; b < bands.length - 1; b++) {
    const low = bands[b] ?? 0;
    const high = bands[b + 1] ?? 1;
    const these = items.filter((item) => {
      const q = probability(item);
      return q >= low && q < high;
    });
    if (these.length === 0) continue;
    const mean = these.reduce((s, item) => s + probability(item), 0) / these.length;
    const right = these.filter(truth).length / these.length;
    lines.push(
      `  ${(100 * low).toFixed(0)}–${Math.min(100, 100 * high).toFixed(0)}%: ${these.length} pairs, ` +
        `predicted ${(100 * mean).toFixed(1)}%, true ${(100 * right).toFixed(1)}%`,
    );
  }
  return lines.join('\n');
}

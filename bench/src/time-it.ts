/**
 * The simple comparison most endpoint lines use: `rounds` sequential calls of our endpoint and as
 * many of its baseline make one pair, each arm's figure its p50; the pairs alternate (report.ts).
 */
import { fmtMs, fmtRatio, median, paired, quantile, report, sequential } from './report.ts';

export interface CompareOptions {
  pairs?: number;
  /** The largest ratio of p50s that passes; without one the line only informs. */
  target?: number;
  /** Why the baseline differs from ours beyond the work compared, printed with the line. */
  note?: string;
}

export async function compare(
  name: string,
  rounds: number,
  ours: () => Promise<unknown>,
  other: () => Promise<unknown>,
  { pairs = Number(process.env.BENCH_PAIRS ?? 5), target, note }: CompareOptions = {},
): Promise<void> {
  const p99s: [number[], number[]] = [[], []];
  const figure = (work: () => Promise<unknown>, p99: number[]) => async () => {
    const samples = await sequential(rounds, work);
    p99.push(quantile(samples, 0.99));
    return quantile(samples, 0.5);
  };
  const result = await paired(pairs, figure(ours, p99s[0]), figure(other, p99s[1]));
  // The warm-up pair's p99s are the first two; they are not part of the figures.
  const p99 = (values: number[]) => median(values.slice(1));
  report({
    name,
    ours: `p50 ${fmtMs(median(result.ours))} (p99 ${fmtMs(p99(p99s[0]))})`,
    baseline: `p50 ${fmtMs(median(result.baseline))} (p99 ${fmtMs(p99(p99s[1]))})`,
    ratio: fmtRatio(result),
    target: target === undefined ? '—' : `p50 ≤ ${target}x`,
    pass: target === undefined || result.ratio <= target,
    informs: target === undefined,
    ...(note ? { note } : {}),
  });
}

/**
 * GET a JSON answer, refusing anything but 2xx: a benchmark of error answers (a token refused, a
 * rate limit) would time the refusal and report a ratio that means nothing.
 */
export async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

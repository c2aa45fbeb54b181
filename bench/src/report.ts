/**
 * How every benchmark measures and reports. Both arms run alternated in one run — ours, baseline,
 * then baseline, ours, and so on, at least MIN_PAIRS times — so that load from elsewhere on the
 * machine and the order of the two arms fall on both alike. Each pair gives one ratio (ours ÷
 * baseline); a line reports the median of the paired ratios and their spread (lowest–highest), our
 * figure and the baseline's (medians over the pairs), the target, and PASS or MISS.
 *
 * A line also MISSes when a query meant to use an index scans a large table (see `checkPlan`):
 * "identical SQL" on both sides must not hide a bad plan that makes both slow alike.
 */
import pg from 'pg';

export const MIN_PAIRS = 5;

export interface BenchLine {
  name: string;
  ours: string;
  baseline: string;
  /** "1.08x (1.02–1.13)", or "—" where there is no baseline. */
  ratio: string;
  target: string;
  pass: boolean;
  /** A line with no target: printed as INFO, never counted as a miss. */
  informs?: boolean;
  /** Why a line missed, or what to know when reading it (a plan problem, a cold figure). */
  note?: string;
}

const lines: BenchLine[] = [];

/** Prints one result line and keeps it for the summary table (and RESULTS.md). */
export function report(line: BenchLine): void {
  lines.push(line);
  const verdict = verdictOf(line);
  console.log(
    `${verdict}  ${line.name} | ours ${line.ours} | baseline ${line.baseline} | ratio ${line.ratio} | target ${line.target}` +
      (line.note ? `\n      ${line.note}` : ''),
  );
}

export const verdictOf = (line: BenchLine): 'PASS' | 'MISS' | 'INFO' =>
  line.informs ? 'INFO' : line.pass ? 'PASS' : 'MISS';

export function reportedLines(): readonly BenchLine[] {
  return lines;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** The q-quantile (0..1) of some samples, nearest rank. */
export const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};

export interface Paired {
  /** Our figure in each pair. */
  ours: number[];
  /** The baseline's figure in each pair. */
  baseline: number[];
  /** ours ÷ baseline, pair by pair. */
  ratios: number[];
  /** The median of `ratios`. */
  ratio: number;
  spread: [low: number, high: number];
}

/**
 * Runs `pairs` pairs of measurements (at least MIN_PAIRS), alternating which arm goes first. Each
 * arm's function runs one whole measurement (for example 200 requests) and returns its figure (for
 * example their p50 in ms). A warm-up of each arm, not counted, goes first.
 */
export async function paired(
  pairs: number,
  ours: () => Promise<number>,
  baseline: () => Promise<number>,
  { warmUp = true }: { warmUp?: boolean } = {},
): Promise<Paired> {
  const count = Math.max(MIN_PAIRS, pairs);
  if (warmUp) {
    await ours();
    await baseline();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      a.push(await ours());
      b.push(await baseline());
    } else {
      b.push(await baseline());
      a.push(await ours());
    }
  }
  const ratios = a.map((x, i) => x / (b[i] ?? Number.NaN));
  return { ours: a, baseline: b, ratios, ...summarise(ratios) };
}

/** The median of some paired ratios and their spread (lowest–highest). */
export const summarise = (ratios: readonly number[]): Pick<Paired, 'ratio' | 'spread'> => ({
  ratio: median(ratios),
  spread: [Math.min(...ratios), Math.max(...ratios)],
});

export const fmtRatio = (p: Pick<Paired, 'ratio' | 'spread'>): string =>
  `${p.ratio.toFixed(2)}x (${p.spread[0].toFixed(2)}–${p.spread[1].toFixed(2)})`;

export const fmtMs = (ms: number): string => (ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`);

/** Times `count` sequential calls of `work`, returning each call's milliseconds. */
export async function sequential(count: number, work: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await work();
    out.push(performance.now() - start);
  }
  return out;
}

/**
 * Requests per second with `connections` callers each calling `work` back to back for `ms`
 * milliseconds.
 */
export async function throughput(
  connections: number,
  ms: number,
  work: () => Promise<unknown>,
): Promise<number> {
  let done = 0;
  const until = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await work();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

export interface PlanCheck {
  /** The plan as EXPLAIN prints it, indented for the report. */
  text: string;
  /** Tables scanned sequentially (Seq Scan / Parallel Seq Scan nodes). */
  seqScans: string[];
}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The plan of a query (without running it) and the tables it would scan sequentially. */
export async function checkPlan(
  databaseUrl: string,
  sql: { text: string; values: unknown[] },
): Promise<PlanCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const text = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${sql.text}`, sql.values);
    const json = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON) ${sql.text}`,
      sql.values,
    );
    const seqScans: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Node Type']?.endsWith('Seq Scan') && node['Relation Name'])
        seqScans.push(node['Relation Name']);
      for (const child of node.Plans ?? []) walk(child);
    };
    const root = json.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (root) walk(root);
    return { text: text.rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n'), seqScans };
  } finally {
    await client.end();
  }
}

/**
 * The note a line carries when its query scans one of `largeTables` although it is meant to use an
 * index; undefined when the plan is as intended.
 */
export function planProblem(plan: PlanCheck, largeTables: readonly string[]): string | undefined {
  const bad = plan.seqScans.filter((t) => largeTables.includes(t));
  return bad.length > 0 ? `plan scans ${bad.join(', ')} sequentially (meant to use an index)` : undefined;
}

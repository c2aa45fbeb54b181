/**
 * What the mapping evaluations share (location-eval.ts for locations, kind-eval.ts for cars and car
 * classes): the seeded generator their noise models draw from, the evaluation merchant their records
 * belong to, reading each record's map list and scoring it against its truth, and the figures the
 * bench prints (top-1, top-5, MRR, empty lists, precision and recall at a Match % threshold).
 */
import { MAP_AUTO_THRESHOLD } from '@bm/contracts';
import type pg from 'pg';

/** The thresholds the bench reports precision and recall at. */
const REPORTED_THRESHOLDS = [50, 60, 70, 80, 90, 95, 97, 99] as const;

/** mulberry32 seeded by FNV-1a of the text: a small deterministic generator per record. */
export function generator(text: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)] as T;

const EVAL_MERCHANT = { name: 'Mapping evaluation', code: 'EVAL' } as const;

/** The merchant every evaluation record belongs to (made on first use). */
export async function evalMerchant(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO merchants (name, code) VALUES ($1, $2)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [EVAL_MERCHANT.name, EVAL_MERCHANT.code],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no evaluation merchant');
  return id;
}

/** Deletes the evaluation merchant's records from one merchant table (the merchant stays). */
export async function removeEvalRecordsOf(db: pg.Pool, merchantTable: string): Promise<void> {
  await db.query(
    `DELETE FROM ${merchantTable} WHERE merchant_id IN (SELECT id FROM merchants WHERE code = $1)`,
    [EVAL_MERCHANT.code],
  );
}

/** Runs `work(i)` for every i below `count`, `concurrency` at a time. */
export async function inParallel(
  count: number,
  concurrency: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let nextIndex = 0;
  const worker = async () => {
    for (let i = nextIndex++; i < count; i = nextIndex++) await work(i);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/** What one record's map list gave. */
interface EvalOutcome<C> {
  case: C;
  merchantRecordId: number;
  /** The catalogue record that is its counterpart, or null when the catalogue has none. */
  truthId: number | null;
  /** Its rank in the list (1 = first), or null when it is not listed. */
  truthRank: number | null;
  topId: number | null;
  topMatch: number | null;
  listed: number;
}

/** The figures of one pass over a set of evaluation records. */
export interface EvalFigures<C> {
  records: number;
  withTruth: number;
  top1: number;
  top5: number;
  /** Sum of 1 / rank over the records with a counterpart (MRR = this / withTruth). */
  reciprocalRanks: number;
  emptyWithTruth: number;
  /** First candidates at or above the auto-map threshold, and how many of them are right. */
  accepted: number;
  acceptedRight: number;
  msPerRecord: number;
  outcomes: EvalOutcome<C>[];
}

/**
 * Reads the map list of each record (`ids[i]` made from `cases[i]`) through `candidates`, a set
 * returning function of the merchant record's id taking `$1` (`map_location_candidates($1)`), with
 * `concurrency` calls at a time, and scores each against its counterpart (`truthIdOf`).
 */
export async function scoreMapLists<C>(
  db: pg.Pool,
  {
    cases,
    ids,
    truthIdOf,
    candidates,
    concurrency = 2,
  }: {
    cases: readonly C[];
    ids: readonly number[];
    truthIdOf: (c: C) => number | null;
    candidates: string;
    concurrency?: number;
  },
): Promise<EvalFigures<C>> {
  const outcomes: EvalOutcome<C>[] = new Array(cases.length);
  const started = performance.now();
  await inParallel(cases.length, concurrency, async (i) => {
    const c = cases[i] as C;
    const id = ids[i] as number;
    const truthId = truthIdOf(c);
    const { rows } = await db.query<{
      truth_rank: number | null;
      top_id: number | null;
      top_match: number | null;
      listed: number;
    }>(
      `WITH c AS (SELECT rank, id, match FROM ${candidates})
       SELECT (SELECT rank FROM c WHERE id = $2) AS truth_rank,
              (SELECT id FROM c ORDER BY rank LIMIT 1) AS top_id,
              (SELECT match FROM c ORDER BY rank LIMIT 1) AS top_match,
              (SELECT count(*) FROM c)::int AS listed`,
      [id, truthId],
    );
    const row = rows[0];
    outcomes[i] = {
      case: c,
      merchantRecordId: id,
      truthId,
      truthRank: row?.truth_rank ?? null,
      topId: row?.top_id ?? null,
      topMatch: row?.top_match ?? null,
      listed: row?.listed ?? 0,
    };
  });
  const elapsed = performance.now() - started;
  const result: EvalFigures<C> = {
    records: cases.length,
    withTruth: 0,
    top1: 0,
    top5: 0,
    reciprocalRanks: 0,
    emptyWithTruth: 0,
    accepted: 0,
    acceptedRight: 0,
    msPerRecord: (elapsed * Math.max(1, concurrency)) / Math.max(1, cases.length),
    outcomes,
  };
  for (const o of outcomes) {
    if ((o.topMatch ?? -1) >= MAP_AUTO_THRESHOLD) {
      result.accepted++;
      if (o.truthId !== null && o.topId === o.truthId) result.acceptedRight++;
    }
    if (o.truthId === null) continue;
    result.withTruth++;
    if (o.listed === 0) result.emptyWithTruth++;
    if (o.truthRank !== null) {
      if (o.truthRank === 1) result.top1++;
      if (o.truthRank <= 5) result.top5++;
      result.reciprocalRanks += 1 / o.truthRank;
    }
  }
  return result;
}

export const pct = (part: number, whole: number): string =>
  `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;

/** The figures of one pass, as the bench prints them. */
export function describeFigures<C>(e: EvalFigures<C>): { top1: number; top5: number; summary: string } {
  const top1 = e.top1 / Math.max(1, e.withTruth);
  const top5 = e.top5 / Math.max(1, e.withTruth);
  return {
    top1,
    top5,
    summary:
      `top-1 ${pct(e.top1, e.withTruth)}, top-5 ${pct(e.top5, e.withTruth)}, ` +
      `MRR ${(e.reciprocalRanks / Math.max(1, e.withTruth)).toFixed(3)}, ` +
      `empty ${pct(e.emptyWithTruth, e.withTruth)}; auto-map at ${MAP_AUTO_THRESHOLD}%: ` +
      `precision ${pct(e.acceptedRight, e.accepted)}, recall ${pct(e.acceptedRight, e.withTruth)} ` +
      `(${e.withTruth} with a counterpart, ${e.records - e.withTruth} without)`,
  };
}

/** Precision and recall of accepting a list's first candidate at a Match % threshold. */
export interface ThresholdFigures {
  threshold: number;
  precision: number;
  recall: number;
  accepted: number;
}

/** Precision and recall of auto-mapping at each threshold, counted as `describeFigures` counts them. */
export function atThresholds<C>(
  e: EvalFigures<C>,
  thresholds: readonly number[] = REPORTED_THRESHOLDS,
): ThresholdFigures[] {
  return thresholds.map((threshold) => {
    const accepted = e.outcomes.filter((o) => (o.topMatch ?? -1) >= threshold);
    const right = accepted.filter((o) => o.truthId !== null && o.topId === o.truthId).length;
    return {
      threshold,
      accepted: accepted.length,
      precision: right / Math.max(1, accepted.length),
      recall: right / Math.max(1, e.withTruth),
    };
  });
}

/** The thresholds' figures on one line: "≥90 P 99.1% R 93.0%, …". */
export const describeThresholds = (figures: readonly ThresholdFigures[]): string =>
  figures
    .map((f) => `≥${f.threshold} P ${(100 * f.precision).toFixed(1)}% R ${(100 * f.recall).toFixed(1)}%`)
    .join(', ');

/**
 * The reservation search tool (`GET /api/tools/reservations/search`) for broad words — a supplier,
 * a common surname, a city, each matching tens of thousands of rows at 1M — against the single
 * statement that ranks every match (how the search first worked, run directly in PostgreSQL).
 * Target: under 100 ms, and for a broad word at most a tenth of it.
 */
import pg from 'pg';
import { exactNumberOf } from '../../apps/api/src/tools/reservation-search.ts';
import { RANK_EVERY_MATCH } from '../../apps/api/test/rank-every-match.ts';
import type { BenchEnv } from './bench-setup.ts';
import { fmtMs, fmtRatio, median, paired, quantile, report, sequential } from './report.ts';
import { getJson } from './time-it.ts';

/** Broad words must beat ranking every match tenfold; a narrow one (a misspelled rare name) only be fast. */
const WORDS = [
  { word: 'Sixt', broad: true },
  { word: 'Murphy', broad: true },
  { word: 'Amsterdam', broad: true },
  { word: 'Quakcenbush', broad: false },
];
const CALLS = 5;

export async function searchBenchmarks(env: BenchEnv, pairs: number): Promise<void> {
  const direct = new pg.Client({ connectionString: env.databaseUrl });
  await direct.connect();
  await direct.query(`SET pg_trgm.word_similarity_threshold = 0.5`);
  try {
    for (const { word, broad } of WORDS) {
      const p50 = async (work: () => Promise<unknown>) => quantile(await sequential(CALLS, work), 0.5);
      const result = await paired(
        pairs,
        () => p50(() => getJson(`${env.base}/api/tools/reservations/search?q=${word}`, env.headers)),
        () =>
          p50(() =>
            direct.query(RANK_EVERY_MATCH, [word, exactNumberOf(word), word.toLowerCase(), null, null, []]),
          ),
      );
      const ours = median(result.ours);
      report({
        name: `reservation search "${word}" vs ranking every match`,
        ours: `p50 ${fmtMs(ours)}`,
        baseline: `p50 ${fmtMs(median(result.baseline))}`,
        ratio: fmtRatio(result),
        target: broad ? '≤ 0.1x and < 100 ms' : '< 100 ms',
        pass: (!broad || result.ratio <= 0.1) && ours < 100,
      });
    }
  } finally {
    await direct.end();
  }
}

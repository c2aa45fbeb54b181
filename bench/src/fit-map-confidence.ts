/**
 * Fits the location map lists' confidence (docs/adr/0013-mapping.md, "Confidence"): the logistic
 * weights of map_location_confidence, so that a candidate's Match % is the probability that it is
 * the record's counterpart.
 *
 * Labelled pairs come from the independent airport list of the evaluation (location-eval.ts): the
 * even-indexed airports are fitted on, the odd-indexed ones are reported on, so the figures printed
 * are of airports the fit never saw. Each half runs three passes: the names as listed with their
 * country, the same through the noise model, and as listed with an IATA code (one in ten wrong).
 * Every record's first ten candidates by score are pairs, labelled by whether the candidate is its
 * counterpart; the records without one (a fifth) give only false pairs, which is what teaches the
 * model to say "no match" when a same-named place exists.
 *
 * Run it on a migrated and seeded database (the bench's, or any demo database):
 *   MAP_FIT_DATABASE_URL=postgres://… node --import tsx bench/src/fit-map-confidence.ts
 * It writes the weights into that database's map_location_confidence for the report, prints them as
 * the VALUES of the migration that stores them (apps/api/db/migrations/1700000010900_map-evidence.sql),
 * and removes its records at the end. Deterministic: the same catalogue gives the same weights.
 */
import pg from 'pg';
import { atThresholds, describeFigures, describeThresholds } from '../../apps/api/test/eval-scoring.ts';
import {
  asListed,
  type EvalCase,
  evaluateLocations,
  type LabelledPair,
  labelledPairs,
  noisy,
  readEvalAirports,
  removeEvalRecords,
  sliceOf,
  withCodes,
} from '../../apps/api/test/location-eval.ts';
import { dot, fitLogistic as fitWeights, reliability, sigmoid } from './logistic.ts';

/** The model's features, in the column order of map_location_confidence (after its intercept). */
const FEATURES = [
  'score',
  'score_squared',
  'gap',
  'gap_squared',
  'gap_score',
  'own',
  'named',
  'exact',
  'extra',
  'no_country',
  'fallback',
  'code_agrees',
  'code_differs',
] as const;

const featuresOf = (p: LabelledPair): number[] => [
  1,
  p.score,
  p.score * p.score,
  p.gap,
  p.gap * p.gap,
  p.gap * p.score,
  p.own,
  p.named,
  p.exact,
  p.extra,
  Number(p.noCountry),
  Number(p.fallback),
  Number(p.codeAgrees),
  Number(p.codeDiffers),
];

/** The weights of the pairs' model (logistic.ts), with a small ridge (λ). */
const fitLogistic = (pairs: readonly LabelledPair[], lambda = 0.01): number[] =>
  fitWeights(
    pairs.map(featuresOf),
    pairs.map((p) => (p.truth ? 1 : 0)),
    lambda,
  );

const PASSES: readonly [string, (a: ReturnType<typeof readEvalAirports>) => EvalCase[]][] = [
  ['as listed, with country', asListed],
  ['noisy', noisy],
  ['as listed, with an IATA code (one in ten wrong)', withCodes],
];

async function pairsOf(db: pg.Pool, airports: ReturnType<typeof readEvalAirports>): Promise<LabelledPair[]> {
  const pairs: LabelledPair[] = [];
  for (const [, make] of PASSES) {
    const e = await evaluateLocations(db, make(airports));
    pairs.push(...(await labelledPairs(db, e)));
  }
  return pairs;
}

async function main(): Promise<void> {
  const url = process.env.MAP_FIT_DATABASE_URL;
  if (!url) throw new Error('Set MAP_FIT_DATABASE_URL to a migrated, seeded database');
  const db = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const airports = readEvalAirports();
    const fitSet = sliceOf(airports, 2, 0);
    const heldOut = sliceOf(airports, 2, 1);

    const pairs = await pairsOf(db, fitSet);
    const w = fitLogistic(pairs);
    console.log(`fitted on ${pairs.length} pairs of ${fitSet.length} airports (even-indexed), three passes`);
    console.log(['intercept', ...FEATURES].map((f, i) => `  ${f} ${(w[i] ?? 0).toFixed(4)}`).join('\n'));
    await db.query(
      `UPDATE map_location_confidence SET intercept = $1, ${FEATURES.map((f, i) => `${f} = $${i + 2}`).join(', ')},
              fitted_on = $${FEATURES.length + 2}`,
      [...w, fittedOn(fitSet.length, pairs.length)],
    );

    console.log(`\nheld out: the ${heldOut.length} odd-indexed airports`);
    const heldPairs: LabelledPair[] = [];
    for (const [name, make] of PASSES) {
      const e = await evaluateLocations(db, make(heldOut));
      heldPairs.push(...(await labelledPairs(db, e)));
      console.log(`${name}: ${describeFigures(e).summary}`);
      console.log(`  ${describeThresholds(atThresholds(e))}`);
    }
    console.log(
      `reliability of the held-out pairs:\n${reliability(
        heldPairs,
        (p) => sigmoid(dot(w, featuresOf(p))),
        (p) => p.truth,
      )}`,
    );
    console.log(
      `\nmigration values:\n  (${w.map((x) => x.toFixed(4)).join(', ')},\n   '${fittedOn(fitSet.length, pairs.length)}')`,
    );
  } finally {
    await removeEvalRecords(db);
    await db.end();
  }
}

const fittedOn = (airports: number, pairs: number) =>
  `bench/src/fit-map-confidence.ts: ${pairs} pairs of ${airports} even-indexed airports of bench/data/openflights-airports.tsv`;

await main();

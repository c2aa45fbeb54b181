/**
 * Fits the confidence of the map lists of suppliers, car classes, cars, options, included items and
 * offices (docs/adr/0013-mapping.md, "Confidence"): the logistic weights of map_kind_confidence, so
 * that a candidate's Match % is the probability that it is the record's counterpart.
 *
 * Labelled pairs come from the independent sources of the evaluation (apps/api/test/kind-eval.ts):
 * merchant cars from the fuel-economy model list and merchant car classes described as rental
 * companies write them, each as listed and through the noise model. The even-indexed records are
 * fitted on, the odd-indexed ones reported on. Every record's first ten candidates by score are
 * pairs, labelled by whether the candidate is its counterpart; the records without one (a fifth)
 * give only false pairs. One model for every kind: the features are the same shares for each
 * (score, gap, cover, named, exact, codes), and the kinds without a second source (suppliers,
 * options, included items, offices) take it as it is.
 *
 * Run it on a migrated and seeded database (the bench's, or any demo database):
 *   MAP_FIT_DATABASE_URL=postgres://… node --import tsx bench/src/fit-kind-confidence.ts
 * It writes the weights into that database's map_kind_confidence, prints them as the VALUES of the
 * migration that stores them (apps/api/db/migrations/1700000011000_kind-ranking.sql), and removes
 * its records at the end. Deterministic: the same catalogue gives the same weights.
 */
import pg from 'pg';
import { atThresholds, describeFigures } from '../../apps/api/test/eval-scoring.ts';
import {
  carCases,
  catalogueClassCodes,
  classCases,
  type EvalKind,
  evaluateKind,
  type KindCase,
  type KindPair,
  kindPairs,
  noisyKind,
  removeKindEvalRecords,
} from '../../apps/api/test/kind-eval.ts';
import { dot, fitLogistic, reliability, sigmoid } from './logistic.ts';

/** The model's features, in the column order of map_kind_confidence (after its intercept). */
const FEATURES = [
  'score',
  'score_squared',
  'gap',
  'gap_squared',
  'gap_score',
  'cover',
  'named',
  'exact',
  'code_agrees',
  'code_differs',
] as const;
const KINDS = ['supplier', 'car_class', 'car', 'option', 'included_item', 'office'] as const;

const featuresOf = (p: KindPair): number[] => [
  1,
  p.score,
  p.score * p.score,
  p.gap,
  p.gap * p.gap,
  p.gap * p.score,
  p.cover,
  p.named,
  p.exact,
  Number(p.codeAgrees),
  Number(p.codeDiffers),
];

/** The passes of one half (offset 0 fits, 1 is held out): each kind as listed and noisy. */
function passes(codes: readonly string[], offset: number): [string, EvalKind, KindCase[]][] {
  const cars = carCases(2, offset);
  const classes = classCases(codes, 2, offset);
  return [
    ['cars as listed', 'car', cars],
    ['cars, noisy', 'car', noisyKind(cars)],
    ['car classes as described', 'car_class', classes],
    ['car classes, noisy', 'car_class', noisyKind(classes)],
  ];
}

async function main(): Promise<void> {
  const url = process.env.MAP_FIT_DATABASE_URL;
  if (!url) throw new Error('Set MAP_FIT_DATABASE_URL to a migrated, seeded database');
  const db = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const codes = await catalogueClassCodes(db);
    const pairs: KindPair[] = [];
    let records = 0;
    for (const [, kind, cases] of passes(codes, 0)) {
      const e = await evaluateKind(db, kind, cases);
      records += cases.length;
      pairs.push(...(await kindPairs(db, e)));
    }
    const w = fitLogistic(
      pairs.map(featuresOf),
      pairs.map((p) => (p.truth ? 1 : 0)),
    );
    const fittedOn = `bench/src/fit-kind-confidence.ts: ${pairs.length} pairs of ${records} even-indexed merchant cars and car classes (apps/api/test/kind-eval.ts)`;
    console.log(`fitted on ${pairs.length} pairs of ${records} records (even-indexed), four passes`);
    console.log(['intercept', ...FEATURES].map((f, i) => `  ${f} ${(w[i] ?? 0).toFixed(4)}`).join('\n'));
    await db.query(
      `UPDATE map_kind_confidence SET intercept = $1, ${FEATURES.map((f, i) => `${f} = $${i + 2}`).join(', ')},
              fitted_on = $${FEATURES.length + 2}`,
      [...w, fittedOn],
    );

    console.log('\nheld out: the odd-indexed records');
    const held: KindPair[] = [];
    for (const [name, kind, cases] of passes(codes, 1)) {
      const e = await evaluateKind(db, kind, cases);
      held.push(...(await kindPairs(db, e)));
      console.log(`${name}: ${describeFigures(e).summary}`);
      console.log(
        `  ${atThresholds(e)
          .map(
            (f) => `≥${f.threshold} P ${(100 * f.precision).toFixed(1)}% R ${(100 * f.recall).toFixed(1)}%`,
          )
          .join(', ')}`,
      );
    }
    console.log(
      `reliability of the held-out pairs:\n${reliability(
        held,
        (p) => sigmoid(dot(w, featuresOf(p))),
        (p) => p.truth,
      )}`,
    );
    const values = w.map((x) => x.toFixed(4)).join(', ');
    console.log(`\nkind weights (migration values):`);
    console.log(KINDS.map((k) => `  ('${k}', ${values},\n   '${fittedOn}')`).join(',\n'));
  } finally {
    await removeKindEvalRecords(db);
    await db.end();
  }
}

await main();

/**
 * The car and car class map lists judged on names the catalogue never saw (as location-eval.ts
 * does for locations):
 *
 * - Cars: merchant cars made from the US fuel-economy model list (bench/data/fueleconomy-models.tsv,
 *   see its README), compiled independently of our fleet: its own spellings of makes and models
 *   ("MINI Cooper S Convertible", "RAV4 Hybrid AWD", "C300 4matic", "Golf SportWagen"). Each
 *   record has the make and the model as the list writes them, nothing else (no class, no seats).
 *   Its truth is its model line (`base_model`), which the ranker never sees: the catalogue car of
 *   that line (CAR_LINES), or none. Every variant of a line the catalogue has is a record; records
 *   whose line the catalogue lacks are drawn with a fixed seed, a fifth of the records.
 * - Car classes: merchant classes described as rental companies write them ("Economy 4/5 Door
 *   Manual A/C", "Midsize SUV Auto", "Compact Estate Man. Diesel"), made from each ACRISS code's
 *   letters with the wordings of CLASS_WORDS (not the ranker's phrase table), in varied order and
 *   punctuation; one in ten carries its code in the name, as some feeds do. The truth is the code,
 *   never given otherwise. A fifth are codes the catalogue lacks (one letter away from one it has:
 *   the hardest kind of no-counterpart).
 *
 * Each list then goes through a seeded noise model (NOISE below). The figures are those of
 * location-eval.ts: top-1, top-5, MRR, empty lists, precision and recall at the auto-map threshold.
 * The bench runs every record (bench/src/mapping-bench.ts); kind-eval.test.ts runs a slice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { decodeAcriss } from '../areas/pricewatch-car-classes/acriss.ts';
import {
  type EvalFigures,
  evalMerchant,
  generator,
  inParallel,
  pick,
  removeEvalRecordsOf,
  scoreMapLists,
} from './eval-scoring.ts';

const CARS = path.resolve(import.meta.dirname, '../../../bench/data/fueleconomy-models.tsv');
const SEED = 39;

export type EvalKind = 'car' | 'car_class';

type Noise = 'make abbreviated' | 'or similar' | 'no make' | 'typo' | 'capitals' | 'word order';

/** One merchant record to create: what the ranker sees, and the key that gives its truth. */
export interface KindCase {
  kind: EvalKind;
  /** The truth key: a catalogue car's name or an ACRISS code; null when it has no counterpart. */
  truth: string | null;
  name: string;
  noise: readonly Noise[];
}

interface EvalModel {
  make: string;
  model: string;
  baseModel: string;
}

/**
 * The catalogue's cars (pricewatch_cars.name, from the demo fleet) and the model lines of the
 * fuel-economy list that are them: a rental "Toyota RAV4 Hybrid or similar" is any RAV4. Written by
 * reading both lists; lines the list lacks (European models) have no entry.
 */
const CAR_LINES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  'Fiat 500': [
    ['Fiat', '500'],
    ['Fiat', '500e'],
  ],
  'Toyota Yaris Hybrid': [['Toyota', 'Yaris']],
  'Volkswagen Golf': [['Volkswagen', 'Golf/GTI']],
  'Ford Focus': [['Ford', 'Focus']],
  'Toyota Corolla': [['Toyota', 'Corolla']],
  'Volkswagen Passat Variant': [['Volkswagen', 'Passat']],
  'Jeep Renegade': [['Jeep', 'Renegade']],
  'Toyota RAV4 Hybrid': [
    ['Toyota', 'RAV4'],
    ['Toyota', 'RAV4 Prime'],
  ],
  'Volkswagen Tiguan': [['Volkswagen', 'Tiguan']],
  'BMW 3 Series': [['BMW', '3 Series']],
  'Mercedes-Benz C-Class': [['Mercedes-Benz', 'C-Class']],
  'Audi A4': [['Audi', 'A4']],
  'BMW 5 Series': [['BMW', '5 Series']],
  'Mercedes-Benz E-Class': [['Mercedes-Benz', 'E-Class']],
  'Mercedes-Benz GLE': [['Mercedes-Benz', 'GLE-Class']],
  'BMW X5': [['BMW', 'X5']],
  'Tesla Model 3': [['Tesla', 'Model 3']],
  'Tesla Model Y': [['Tesla', 'Model Y']],
  'Mini Cooper Convertible': [['MINI', 'Cooper']],
  'Ford Mustang Convertible': [['Ford', 'Mustang']],
  'Jeep Wrangler': [['Jeep', 'Wrangler']],
  'Chevrolet Malibu': [['Chevrolet', 'Malibu']],
  'Toyota Camry': [['Toyota', 'Camry']],
  'Chevrolet Tahoe': [['Chevrolet', 'Tahoe']],
  'Chrysler Pacifica': [['Chrysler', 'Pacifica']],
};

export function readEvalModels(): EvalModel[] {
  const [header, ...lines] = readFileSync(CARS, 'utf8').split('\n');
  if (header !== 'make\tmodel\tbase_model') throw new Error(`unexpected header in ${CARS}: ${header}`);
  return lines
    .filter((line) => line !== '')
    .map((line) => {
      const [make = '', model = '', baseModel = ''] = line.split('\t');
      return { make, model, baseModel };
    });
}

/**
 * The merchant cars: every model of a line the catalogue has, and a fifth of the records drawn
 * (seeded, evenly over the list) from the models whose line it lacks; every `step`-th from
 * `offset`. Named "Make Model" as the list writes them.
 */
export function carCases(step = 1, offset = 0): KindCase[] {
  const truthOf = new Map<string, string>();
  for (const [car, lines] of Object.entries(CAR_LINES))
    for (const [make, line] of lines) truthOf.set(`${make}\t${line}`, car);
  const models = readEvalModels();
  const withTruth = models.filter((m) => truthOf.has(`${m.make}\t${m.baseModel}`));
  const without = models
    .filter((m) => !truthOf.has(`${m.make}\t${m.baseModel}`))
    .map((m) => ({ m, r: generator(`${SEED}:car:${m.make}:${m.model}`)() }))
    .sort((a, b) => a.r - b.r)
    .slice(0, Math.round(withTruth.length / 4))
    .map((x) => x.m);
  return [...withTruth, ...without]
    .sort((a, b) => `${a.make} ${a.model}`.localeCompare(`${b.make} ${b.model}`))
    .filter((_m, i) => i % step === offset)
    .map((m) => ({
      kind: 'car' as const,
      truth: truthOf.get(`${m.make}\t${m.baseModel}`) ?? null,
      name: `${m.make} ${m.model}`,
      noise: [],
    }));
}

/**
 * How rental companies and brokers word each ACRISS letter (several ways each; '' leaves it out,
 * as "with air" usually is). Gathered from how booking sites and supplier feeds describe classes,
 * not from the catalogue's names or the ranker's phrase table.
 */
const CLASS_WORDS: readonly Readonly<Record<string, readonly string[]>>[] = [
  {
    M: ['Mini', 'MINI', 'Mini car'],
    N: ['Mini Elite'],
    E: ['Economy', 'Econ', 'ECONOMY', 'Eco'],
    H: ['Economy Elite', 'Econ Elite'],
    C: ['Compact', 'COMPACT', 'Cmpt'],
    D: ['Compact Elite'],
    I: ['Intermediate', 'Midsize', 'Mid-size', 'Interm.'],
    J: ['Intermediate Elite', 'Midsize Elite'],
    S: ['Standard', 'Std', 'STANDARD'],
    R: ['Standard Elite'],
    F: ['Full size', 'Fullsize', 'Full-size'],
    G: ['Full size Elite', 'Fullsize Elite'],
    P: ['Premium', 'Prem.'],
    U: ['Premium Elite'],
    L: ['Luxury', 'Lux'],
    W: ['Luxury Elite'],
    O: ['Oversize'],
    X: ['Special'],
  },
  {
    B: ['2-3 door', '3dr', '2/3 Door', '3 Door'],
    C: ['2/4 door', '2-4 Dr'],
    D: ['4-5 door', '4/5 Door', '5dr', '5 door', 'Hatchback'],
    W: ['Estate', 'Wagon', 'Station Wagon', 'Kombi'],
    V: ['Passenger Van', 'Van', 'Minivan'],
    L: ['Sedan', 'Saloon', 'Limousine'],
    S: ['Sport', 'Sports'],
    T: ['Convertible', 'Cabrio', 'Cabriolet'],
    F: ['SUV', 'Sport Utility'],
    J: ['Open Air All Terrain', 'All Terrain'],
    X: ['Special'],
    P: ['Pickup single cab', 'Pick up extended cab'],
    Q: ['Pick up double cab', 'Double Cab Pickup'],
    Z: ['Special Offer'],
    E: ['Coupe'],
    M: ['Monospace', 'MPV', 'People Carrier'],
    R: ['Recreational Vehicle', 'RV'],
    H: ['Motor Home', 'Motorhome', 'Camper'],
    Y: ['2 Wheel Vehicle', 'Scooter'],
    N: ['Roadster'],
    G: ['Crossover'],
    K: ['Commercial Van', 'Truck'],
  },
  {
    M: ['Manual', 'Man.', 'manual transmission', 'MT'],
    A: ['Automatic', 'Auto', 'Aut.', 'AT'],
    N: ['Manual 4WD', 'Manual 4x4'],
    C: ['Manual AWD'],
    B: ['Auto 4WD', 'Automatic 4x4'],
    D: ['Auto AWD', 'Automatic AWD'],
  },
  {
    R: ['with air', 'A/C', 'Air Con', 'AC', 'air conditioning', ''],
    N: ['no A/C', 'without air', 'no air con'],
    D: ['Diesel A/C', 'Diesel, air', 'Diesel'],
    Q: ['Diesel no A/C'],
    H: ['Hybrid', 'Hybrid A/C'],
    I: ['Plug-in Hybrid', 'PHEV'],
    E: ['Electric', 'EV', 'Electric A/C'],
    C: ['Electric Plus'],
    L: ['LPG', 'LPG A/C'],
    S: ['LPG no A/C'],
    A: ['Hydrogen'],
    B: ['Hydrogen no air'],
    M: ['Multi fuel'],
    F: ['Multi fuel no air'],
    V: ['Petrol A/C', 'Petrol', 'Gasoline with air'],
    Z: ['Petrol no A/C'],
    U: ['Ethanol'],
    X: ['Ethanol no air'],
  },
];
const LETTERS = CLASS_WORDS.map((words) => Object.keys(words));

/** A description of an ACRISS code: one wording per letter, in one of the orders feeds use. */
function describeClass(code: string, next: () => number): string {
  const parts = [...code].map((letter, i) => pick(next, CLASS_WORDS[i]?.[letter] ?? ['']));
  const [category = '', body = '', gear = '', fuel = ''] = parts;
  const order = pick(next, [
    [category, body, gear, fuel],
    [category, gear, body, fuel],
    [category, body, fuel, gear],
    [body, category, gear, fuel],
  ]);
  const separator = pick(next, [' ', ', ', ' - ', ' / ']);
  const text = order.filter((p) => p !== '').join(separator);
  return next() < 0.1 ? `${text} (${code})` : text;
}

/**
 * The merchant car classes: each of `codes` (the catalogue's) described twice, and a fifth of the
 * records codes the catalogue lacks, one letter away from one it has; every `step`-th from `offset`.
 */
export function classCases(codes: readonly string[], step = 1, offset = 0): KindCase[] {
  const known = new Set(codes);
  const cases: KindCase[] = [];
  for (const code of codes)
    for (const n of [1, 2]) {
      const next = generator(`${SEED}:class:${code}:${n}`);
      cases.push({ kind: 'car_class', truth: code, name: describeClass(code, next), noise: [] });
    }
  const absent: string[] = [];
  for (let n = 0; absent.length < Math.round(cases.length / 4) && n < 10_000; n++) {
    const next = generator(`${SEED}:absent:${n}`);
    const base = pick(next, codes);
    const position = Math.floor(next() * 4);
    const letter = pick(next, LETTERS[position] ?? []);
    const code = base.slice(0, position) + letter + base.slice(position + 1);
    if (known.has(code) || absent.includes(code) || !decodeAcriss(code)) continue;
    absent.push(code);
    cases.push({ kind: 'car_class', truth: null, name: describeClass(code, next), noise: [] });
  }
  return cases.filter((_c, i) => i % step === offset);
}

// ---------------------------------------------------------------------------------------------
// The noise model. Each record draws its noise from a generator seeded by SEED and its name, so it
// is the same in any slice and on every run; each kind is applied with its probability below, and
// a record that drew none gets one picked evenly from those that apply:
// - make abbreviated (cars, 0.4, when the make has a short form): Volkswagen → VW, Mercedes-Benz →
//   Mercedes, Merc or MB, Chevrolet → Chevy;
// - or similar (cars, 0.4): ", or similar" or " or similar" appended, as brokers write;
// - no make (cars, 0.1): the model alone;
// - typo (0.3): one slip in a word of five letters or more, never its first letter: two
//   neighbouring letters swapped, a letter dropped, doubled, or replaced by the next in the alphabet;
// - capitals (0.2): the whole name in capitals;
// - word order (classes, 0.3): the words of the description in another order.

const MAKES: Readonly<Record<string, readonly string[]>> = {
  Volkswagen: ['VW'],
  'Mercedes-Benz': ['Mercedes', 'Merc', 'MB'],
  Chevrolet: ['Chevy'],
};

function typo(name: string, next: () => number): string {
  const words = name.split(' ');
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{5,}$/.test(w));
  if (long.length === 0) return name;
  const [word, index] = pick(next, long);
  const at = 1 + Math.floor(next() * (word.length - 2));
  const slip = Math.floor(next() * 4);
  const changed =
    slip === 0
      ? word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2)
      : slip === 1
        ? word.slice(0, at) + word.slice(at + 1)
        : slip === 2
          ? word.slice(0, at) + word.charAt(at) + word.slice(at)
          : word.slice(0, at) +
            String.fromCharCode(((word.toLowerCase().charCodeAt(at) - 97 + 1) % 26) + 97) +
            word.slice(at + 1);
  words[index] = changed;
  return words.join(' ');
}

/** The cases through the noise model (same truth). */
export function noisyKind(cases: readonly KindCase[]): KindCase[] {
  return cases.map((c) => {
    const next = generator(`${SEED}:noise:${c.kind}:${c.name}`);
    const make = c.kind === 'car' ? Object.keys(MAKES).find((m) => c.name.startsWith(`${m} `)) : undefined;
    const applies: Noise[] =
      c.kind === 'car'
        ? [...(make ? (['make abbreviated'] as const) : []), 'or similar', 'no make', 'typo', 'capitals']
        : ['typo', 'capitals', 'word order'];
    const chance: Record<Noise, number> = {
      'make abbreviated': 0.4,
      'or similar': 0.4,
      'no make': 0.1,
      typo: 0.3,
      capitals: 0.2,
      'word order': 0.3,
    };
    let noise = applies.filter((n) => next() < chance[n]);
    if (noise.includes('make abbreviated') && noise.includes('no make'))
      noise = noise.filter((n) => n !== 'no make');
    if (noise.length === 0) noise = [pick(next, applies)];
    let name = c.name;
    if (make && noise.includes('make abbreviated'))
      name = `${pick(next, MAKES[make] ?? [make])}${name.slice(make.length)}`;
    if (noise.includes('no make')) name = name.split(' ').slice(1).join(' ') || name;
    if (noise.includes('word order')) {
      const words = name.split(/[ ,/-]+/).filter((w) => w !== '');
      for (let i = words.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [words[i], words[j]] = [words[j] as string, words[i] as string];
      }
      name = words.join(' ');
    }
    if (noise.includes('typo')) name = typo(name, next);
    if (noise.includes('or similar')) name = `${name}${pick(next, [' or similar', ', or similar'])}`;
    if (noise.includes('capitals')) name = name.toUpperCase();
    return { ...c, name, noise };
  });
}

// ---------------------------------------------------------------------------------------------

/** The figures of a pass over one kind (eval-scoring.ts). */
export interface KindEval extends EvalFigures<KindCase> {
  kind: EvalKind;
}

const TABLES: Record<EvalKind, { merchant: string; truthSql: string }> = {
  car: {
    merchant: 'merchant_cars',
    truthSql: 'SELECT name AS key, id FROM pricewatch_cars WHERE name = ANY ($1)',
  },
  car_class: {
    merchant: 'merchant_car_classes',
    truthSql: 'SELECT code AS key, id FROM pricewatch_car_classes WHERE code = ANY ($1)',
  },
};

/** Removes the evaluation's merchant cars and car classes (its merchant stays). */
export async function removeKindEvalRecords(db: pg.Pool): Promise<void> {
  for (const { merchant } of Object.values(TABLES)) await removeEvalRecordsOf(db, merchant);
}

/** The catalogue's ACRISS codes (the truth side of the class cases). */
export async function catalogueClassCodes(db: pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ code: string }>(
    'SELECT code FROM pricewatch_car_classes WHERE enabled ORDER BY code',
  );
  return rows.map((r) => r.code);
}

/**
 * Creates the cases (of one kind) as merchant records of the evaluation merchant, replacing its
 * earlier ones of that kind, with a name and a feed code of their own ("EVAL-n", which no
 * catalogue record has), reads each one's map list and scores them. The records stay until the
 * next pass or `removeKindEvalRecords`.
 */
export async function evaluateKind(
  db: pg.Pool,
  kind: EvalKind,
  cases: readonly KindCase[],
  { concurrency = 2 }: { concurrency?: number } = {},
): Promise<KindEval> {
  const merchantId = await evalMerchant(db);
  const table = TABLES[kind];
  await db.query(`DELETE FROM ${table.merchant} WHERE merchant_id = $1`, [merchantId]);
  const { rows: inserted } = await db.query<{ id: number }>(
    `INSERT INTO ${table.merchant} (merchant_id, external_code, name, created_by, updated_by)
     SELECT $1, 'EVAL-' || c.n, c.name, 'mapping-eval', 'mapping-eval'
       FROM unnest($2::text[]) WITH ORDINALITY AS c(name, n)
      ORDER BY c.n
     RETURNING id`,
    [merchantId, cases.map((c) => c.name)],
  );
  const ids = inserted.map((r) => r.id);
  const { rows: truths } = await db.query<{ key: string; id: number }>(table.truthSql, [
    cases.map((c) => c.truth).filter((t): t is string => t !== null),
  ]);
  const truthOf = new Map(truths.map((t) => [t.key, t.id]));

  const figures = await scoreMapLists(db, {
    cases,
    ids,
    truthIdOf: (c) => (c.truth === null ? null : (truthOf.get(c.truth) ?? null)),
    candidates: `map_${kind}_candidates($1)`,
    concurrency,
  });
  return { ...figures, kind };
}

/** One candidate of an evaluated record with the features its confidence is computed from. */
export interface KindPair {
  kind: EvalKind;
  truth: boolean;
  score: number;
  gap: number;
  cover: number;
  named: number;
  exact: number;
  codeAgrees: boolean;
  codeDiffers: boolean;
}

/**
 * The labelled pairs of evaluated records (the last `evaluateKind` pass of the kind): the first
 * `top` candidates of each by score, with the ranker's features (`map_kind_ranked`).
 */
export async function kindPairs(db: pg.Pool, e: KindEval, top = 10): Promise<KindPair[]> {
  const perRecord: KindPair[][] = new Array(e.outcomes.length);
  await inParallel(e.outcomes.length, 2, async (i) => {
    const o = e.outcomes[i] as KindEval['outcomes'][number];
    const { rows } = await db.query<{
      id: number;
      score: number;
      gap: number;
      cover: number;
      named: number;
      exact: number;
      code_agrees: boolean;
      code_differs: boolean;
    }>(
      `SELECT id, score, gap, cover, named, exact, code_agrees, code_differs
         FROM map_kind_ranked($1, $2) ORDER BY score DESC, id LIMIT $3`,
      [e.kind, o.merchantRecordId, top],
    );
    perRecord[i] = rows.map((r) => ({
      kind: e.kind,
      truth: r.id === o.truthId,
      score: r.score,
      gap: r.gap,
      cover: r.cover,
      named: r.named,
      exact: r.exact,
      codeAgrees: r.code_agrees,
      codeDiffers: r.code_differs,
    }));
  });
  return perRecord.flat();
}

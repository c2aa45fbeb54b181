/**
 * The location map lists judged on names the catalogue never saw: merchant airports made from
 * independently compiled public lists (bench/data/<source>-airports.tsv, see its README), each of
 * which spells places its own way (OpenFlights: "Heathrow", "Franz Josef Strauss", "Merignac",
 * "John F Kennedy Intl"; Travelhackingtool: "Les Salines Airport", "Arcata-Eureka Airport", "Kabri
 * Dar") and includes airports the catalogue lacks (a fifth of each file). Each becomes a merchant location
 * of kind Airport with a name and a country and nothing else; its IATA code is the ground truth
 * (the catalogue airport of that code, if any) and is never given to the ranker. The map list
 * (`map_location_candidates`) of each is read and scored:
 *
 * - top-1 / top-5: of the records with a counterpart, the share whose counterpart is first / in the
 *   first five;
 * - MRR: the mean of 1 / rank of the counterpart (0 when absent), over those records;
 * - empty: the share of those records whose list is empty;
 * - auto-map: accepting the first candidate when its Match % is at least the product's auto-map
 *   threshold (MAP_AUTO_THRESHOLD): precision (accepted and right / accepted, records without a counterpart included, where every
 *   acceptance is wrong) and recall (accepted and right / records with a counterpart).
 *
 * Two passes: the names as the list has them with their country, and the same airports through a
 * seeded noise model (`noisy`) of what feeds do to names. The bench runs both on every airport
 * (bench/src/mapping-bench.ts); mapping-eval.test.ts runs this same code on a slice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAP_AUTO_THRESHOLD } from '@bm/contracts';
import type pg from 'pg';
import {
  type EvalFigures,
  evalMerchant,
  generator,
  inParallel,
  pct,
  pick,
  removeEvalRecordsOf,
  scoreMapLists,
} from './eval-scoring.ts';

/**
 * The independent airport lists (bench/data/<source>-airports.tsv), compiled apart from the
 * catalogue's OurAirports data and from each other; the first is the one the ranker was tuned on,
 * the others were added to see whether it holds on lists it was not (bench/data/README.md).
 */
export const EVAL_SOURCES = ['openflights', 'travelhackingtool', 'airportsdata', 'ip2location'] as const;
export type EvalSource = (typeof EVAL_SOURCES)[number];

const dataOf = (source: EvalSource) =>
  path.resolve(import.meta.dirname, `../../../bench/data/${source}-airports.tsv`);

export interface EvalAirport {
  iata: string;
  name: string;
  city: string;
  /** ISO 3166 alpha-2. */
  country: string;
}

type Noise = 'abbreviation' | 'typo' | 'transliteration' | 'no country';

/** One merchant record to create: what the ranker sees, and the code that gives its truth. */
export interface EvalCase {
  iata: string;
  name: string;
  countryCode: string | null;
  /** The IATA code the feed gives, when it gives one (only the confidence fit's coded pass does). */
  givenCode?: string | null;
  noise: readonly Noise[];
}

export function readEvalAirports(source: EvalSource = 'openflights'): EvalAirport[] {
  const data = dataOf(source);
  const [header, ...lines] = readFileSync(data, 'utf8').split('\n');
  if (header !== 'iata\tname\tcity\tcountry') throw new Error(`unexpected header in ${data}: ${header}`);
  return lines
    .filter((line) => line !== '')
    .map((line) => {
      const [iata = '', name = '', city = '', country = ''] = line.split('\t');
      return { iata, name, city, country };
    });
}

/** Every `step`-th airport from the `offset`-th: a slice that keeps both kinds of airport. */
export const sliceOf = (airports: readonly EvalAirport[], step: number, offset = 0): EvalAirport[] =>
  airports.filter((_a, i) => i % step === offset);

/** The list's own names, with their country. */
export const asListed = (airports: readonly EvalAirport[]): EvalCase[] =>
  airports.map((a) => ({ iata: a.iata, name: a.name, countryCode: a.country, noise: [] }));

/**
 * The list's names with their country and an IATA code, as a feed that has codes sends them: the
 * airport's own code, or for one in ten (drawn per airport) the code of another airport of the list
 * (a feed's wrong code). Only the confidence fit uses it, to weigh agreeing and differing codes.
 */
export const withCodes = (airports: readonly EvalAirport[]): EvalCase[] =>
  airports.map((a, i) => {
    const next = generator(`${NOISE_SEED}:code:${a.iata}`);
    const other = airports[(i + 1 + Math.floor(next() * (airports.length - 1))) % airports.length] ?? a;
    return {
      iata: a.iata,
      name: a.name,
      countryCode: a.country,
      givenCode: next() < 0.1 ? other.iata : a.iata,
      noise: [],
    };
  });

// ---------------------------------------------------------------------------------------------
// The noise model. Each airport draws its noise from a generator seeded by NOISE_SEED and its IATA
// code, so an airport is spelt the same in any slice and on every run. Each kind is applied with
// its probability below, and an airport that drew none gets one kind picked evenly:
// - abbreviation (0.5): every word with a short or long form takes another of its forms
//   (International/Intl/Int'l, Airport/Apt/Arpt, Regional/Rgnl, Municipal/Muni, Saint/St,
//   Mount/Mt); a name with none of those words gets an airport word appended ("Heathrow Arpt");
// - typo (0.4): one slip in a word of four letters or more, never its first letter: two
//   neighbouring letters swapped, a letter dropped, doubled, or replaced by a key beside it;
// - transliteration (0.4): one rule of another romanisation or of accent loss applied once where
//   it fits (kh→h, sh→sch, ou→u, u→ou, y→i, i→y, j→dj, ts→tz, v→w, w→v, c→k, k→c, ph→f, f→ph,
//   ue→u, oe→o, ae→a, u→ue, o→oe, a→ae, ee→i, oo→u);
// - no country (0.3): the record has no country.

const NOISE_SEED = 39;

const FORMS: readonly (readonly string[])[] = [
  ['International', 'Intl', "Int'l"],
  ['Airport', 'Apt', 'Arpt'],
  ['Regional', 'Rgnl'],
  ['Municipal', 'Muni'],
  ['Saint', 'St'],
  ['Mount', 'Mt'],
];
const AIRPORT_WORDS = ['Airport', 'Apt', 'Arpt'] as const;

const TRANSLITERATIONS: readonly [string, string][] = [
  ['kh', 'h'],
  ['sh', 'sch'],
  ['ou', 'u'],
  ['u', 'ou'],
  ['y', 'i'],
  ['i', 'y'],
  ['j', 'dj'],
  ['ts', 'tz'],
  ['v', 'w'],
  ['w', 'v'],
  ['c', 'k'],
  ['k', 'c'],
  ['ph', 'f'],
  ['f', 'ph'],
  ['ue', 'u'],
  ['oe', 'o'],
  ['ae', 'a'],
  ['u', 'ue'],
  ['o', 'oe'],
  ['a', 'ae'],
  ['ee', 'i'],
  ['oo', 'u'],
];

/** Keys beside each letter on a QWERTY keyboard, for a slip that hits the neighbouring key. */
const NEIGHBOURS: Readonly<Record<string, string>> = {
  a: 'qswz',
  b: 'vghn',
  c: 'xdfv',
  d: 'serfcx',
  e: 'wsdr',
  f: 'drtgvc',
  g: 'ftyhbv',
  h: 'gyujnb',
  i: 'ujko',
  j: 'huikmn',
  k: 'jiolm',
  l: 'kop',
  m: 'njk',
  n: 'bhjm',
  o: 'iklp',
  p: 'ol',
  q: 'wa',
  r: 'edft',
  s: 'awedxz',
  t: 'rfgy',
  u: 'yhji',
  v: 'cfgb',
  w: 'qase',
  x: 'zsdc',
  y: 'tghu',
  z: 'asx',
};

function abbreviate(name: string, next: () => number): string {
  let changed = false;
  const words = name.split(' ').map((word) => {
    const bare = word.replace(/\.$/, '');
    const forms = FORMS.find((f) => f.some((form) => form.toLowerCase() === bare.toLowerCase()));
    if (!forms) return word;
    changed = true;
    return pick(
      next,
      forms.filter((f) => f.toLowerCase() !== bare.toLowerCase()),
    );
  });
  return changed ? words.join(' ') : `${name} ${pick(next, AIRPORT_WORDS)}`;
}

function typo(name: string, next: () => number): string {
  const words = name.split(' ');
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{4,}$/.test(w));
  if (long.length === 0) return name;
  const [word, index] = pick(next, long);
  const at = 1 + Math.floor(next() * (word.length - 1));
  const letter = word[at] ?? '';
  let slipped: string;
  switch (Math.floor(next() * 4)) {
    case 0:
      slipped =
        at < word.length - 1
          ? word.slice(0, at) + (word[at + 1] ?? '') + letter + word.slice(at + 2)
          : word.slice(0, at - 1) + letter + (word[at - 1] ?? '');
      break;
    case 1:
      slipped = word.slice(0, at) + word.slice(at + 1);
      break;
    case 2:
      slipped = word.slice(0, at) + letter + word.slice(at);
      break;
    default:
      slipped =
        word.slice(0, at) + pick(next, [...(NEIGHBOURS[letter.toLowerCase()] ?? 'e')]) + word.slice(at + 1);
  }
  words[index] = slipped;
  return words.join(' ');
}

function transliterate(name: string, next: () => number): string {
  const fitting = TRANSLITERATIONS.filter(([from]) => name.toLowerCase().includes(from));
  if (fitting.length === 0) return name;
  const [from, to] = pick(next, fitting);
  const at = name.toLowerCase().indexOf(from);
  const original = name.slice(at, at + from.length);
  // Keep a capital where the original had one ("Kh" → "H").
  const replaced = original[0] === original[0]?.toUpperCase() ? to[0]?.toUpperCase() + to.slice(1) : to;
  return name.slice(0, at) + replaced + name.slice(at + from.length);
}

/** The airports as feeds would mangle them: the noise model above. */
export function noisy(airports: readonly EvalAirport[]): EvalCase[] {
  return airports.map((a) => {
    const next = generator(`${NOISE_SEED}:${a.iata}`);
    const drawn: Noise[] = [];
    if (next() < 0.5) drawn.push('abbreviation');
    if (next() < 0.4) drawn.push('typo');
    if (next() < 0.4) drawn.push('transliteration');
    if (next() < 0.3) drawn.push('no country');
    if (drawn.length === 0)
      drawn.push(pick(next, ['abbreviation', 'typo', 'transliteration', 'no country'] as const));
    let name = a.name;
    if (drawn.includes('abbreviation')) name = abbreviate(name, next);
    if (drawn.includes('transliteration')) name = transliterate(name, next);
    if (drawn.includes('typo')) name = typo(name, next);
    return {
      iata: a.iata,
      name: name.slice(0, 200),
      countryCode: drawn.includes('no country') ? null : a.country,
      noise: drawn,
    };
  });
}

// ---------------------------------------------------------------------------------------------

/** The figures of a pass over airports (eval-scoring.ts). */
export type LocationEval = EvalFigures<EvalCase>;

/** Removes the evaluation's merchant records (its merchant stays, with no records). */
export const removeEvalRecords = (db: pg.Pool): Promise<void> =>
  removeEvalRecordsOf(db, 'merchant_locations');

/**
 * Creates the cases as merchant locations of the evaluation merchant (replacing its earlier ones),
 * reads each one's map list with `concurrency` calls at a time and scores them. The records stay
 * until the next pass or `removeEvalRecords`, so a caller can time their map lists.
 */
export async function evaluateLocations(
  db: pg.Pool,
  cases: readonly EvalCase[],
  { concurrency = 2 }: { concurrency?: number } = {},
): Promise<LocationEval> {
  const merchantId = await evalMerchant(db);
  await removeEvalRecords(db);
  const ids: number[] = [];
  for (let start = 0; start < cases.length; start += 1000) {
    const chunk = cases.slice(start, start + 1000);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO merchant_locations (merchant_id, external_code, name, location_kind, country_code, iata_code,
                                      created_by, updated_by)
       SELECT $1, c.code, c.name, 'Airport', c.country, c.given, 'mapping-eval', 'mapping-eval'
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS c(code, name, country, given, n)
        ORDER BY c.n
       RETURNING id`,
      [
        merchantId,
        chunk.map((c) => c.iata),
        chunk.map((c) => c.name),
        chunk.map((c) => c.countryCode),
        chunk.map((c) => c.givenCode ?? null),
      ],
    );
    ids.push(...rows.map((r) => r.id));
  }
  const { rows: truths } = await db.query<{ iata: string; id: number }>(
    `SELECT iata_code AS iata, id FROM pricewatch_locations WHERE location_type_id = 5 AND iata_code = ANY ($1)`,
    [cases.map((c) => c.iata)],
  );
  const truthOf = new Map(truths.map((t) => [t.iata, t.id]));
  return scoreMapLists(db, {
    cases,
    ids,
    truthIdOf: (c) => truthOf.get(c.iata) ?? null,
    candidates: 'map_location_candidates($1)',
    concurrency,
  });
}

/** Top-1 of the records with a counterpart, per kind of noise they drew. */
export function byNoise(e: LocationEval): string {
  const kinds: Noise[] = ['abbreviation', 'typo', 'transliteration', 'no country'];
  return kinds
    .map((kind) => {
      const these = e.outcomes.filter((o) => o.truthId !== null && o.case.noise.includes(kind));
      return `${kind} ${pct(these.filter((o) => o.truthRank === 1).length, these.length)} of ${these.length}`;
    })
    .join(', ');
}

/**
 * The `count` worst misses of a pass (its records must still exist: the last `evaluateLocations`
 * pass), one a line: records whose counterpart is not first, and records auto-mapped wrongly (at
 * MAP_AUTO_THRESHOLD, those without a counterpart included), the most confident first. Each gives
 * the name the ranker saw, its counterpart's catalogue name and rank, and what came first.
 */
export async function describeMisses(db: pg.Pool, e: LocationEval, count: number): Promise<string> {
  const missed = e.outcomes
    .filter(
      (o) =>
        (o.truthId !== null && o.truthRank !== 1) ||
        (o.truthId === null && (o.topMatch ?? -1) >= MAP_AUTO_THRESHOLD),
    )
    .sort((a, b) => (b.topMatch ?? -1) - (a.topMatch ?? -1))
    .slice(0, count);
  const ids = missed.flatMap((o) => [o.truthId, o.topId]).filter((id): id is number => id !== null);
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM pricewatch_locations WHERE id = ANY ($1)',
    [ids],
  );
  const nameOf = new Map(rows.map((r) => [r.id, r.name]));
  return missed
    .map(
      (o) =>
        `  ${o.case.iata} "${o.case.name}" (${o.case.countryCode ?? 'no country'}${o.case.noise.length > 0 ? `; ${o.case.noise.join(', ')}` : ''}): ` +
        `truth ${o.truthId === null ? 'none' : `"${nameOf.get(o.truthId)}" at ${o.truthRank ?? 'absent'}`}, ` +
        `first ${o.topId === null ? 'nothing' : `"${nameOf.get(o.topId)}" ${o.topMatch}%`} of ${o.listed}`,
    )
    .join('\n');
}

/** One candidate of an evaluated record with the features its confidence is computed from. */
export interface LabelledPair {
  merchantRecordId: number;
  candidateId: number;
  /** Whether the candidate is the record's counterpart. */
  truth: boolean;
  score: number;
  gap: number;
  own: number;
  named: number;
  exact: number;
  extra: number;
  noCountry: boolean;
  fallback: boolean;
  codeAgrees: boolean;
  codeDiffers: boolean;
}

/**
 * The labelled pairs of evaluated records (their records must still exist: the last
 * `evaluateLocations` pass): the first `top` candidates of each by score, with the ranker's
 * features (`map_location_ranked`) and whether each is the record's counterpart.
 */
export async function labelledPairs(db: pg.Pool, e: LocationEval, top = 10): Promise<LabelledPair[]> {
  const perRecord: LabelledPair[][] = new Array(e.outcomes.length);
  await inParallel(e.outcomes.length, 2, async (i) => {
    const o = e.outcomes[i] as LocationEval['outcomes'][number];
    const { rows } = await db.query<{
      id: number;
      score: number;
      gap: number;
      own: number;
      named: number;
      exact: number;
      extra: number;
      no_country: boolean;
      fallback: boolean;
      code_agrees: boolean;
      code_differs: boolean;
    }>(
      `SELECT id, score, gap, own, named, exact, extra, no_country, fallback, code_agrees, code_differs
         FROM map_location_ranked($1) ORDER BY score DESC, id LIMIT $2`,
      [o.merchantRecordId, top],
    );
    perRecord[i] = rows.map((r) => ({
      merchantRecordId: o.merchantRecordId,
      candidateId: r.id,
      truth: r.id === o.truthId,
      score: r.score,
      gap: r.gap,
      own: r.own,
      named: r.named,
      exact: r.exact,
      extra: r.extra,
      noCountry: r.no_country,
      fallback: r.fallback,
      codeAgrees: r.code_agrees,
      codeDiffers: r.code_differs,
    }));
  });
  return perRecord.flat();
}

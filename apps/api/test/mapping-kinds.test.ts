/**
 * The map lists of suppliers, car classes, cars, options, included items and offices
 * (1700000011000_kind-ranking.sql): names compared word by word with the kind's abbreviations and
 * synonyms, a car class description read as its ACRISS letters, a calibrated Match % and the
 * evidence; and the evaluation on independent names (kind-eval.ts) run on a slice.
 */
import { MAP_AUTO_THRESHOLD } from '@bm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeFigures } from './eval-scoring.ts';
import {
  carCases,
  catalogueClassCodes,
  classCases,
  evaluateKind,
  noisyKind,
  readEvalModels,
  removeKindEvalRecords,
} from './kind-eval.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
let merchantId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await database.db.query<{ id: number }>(
    `INSERT INTO merchants (name, code) VALUES ('Kinds test feed', 'KINDT') RETURNING id`,
  );
  merchantId = rows[0]?.id ?? 0;
});

const TABLES = {
  supplier: 'merchant_suppliers',
  car_class: 'merchant_car_classes',
  car: 'merchant_cars',
  option: 'merchant_options',
  included_item: 'merchant_included_items',
} as const;

let serial = 0;

/** A merchant record of the kind with this name (and a feed code of its own), and its map list. */
async function listOf(
  kind: keyof typeof TABLES,
  name: string,
  externalCode = `KT-${++serial}`,
): Promise<{ id: number; name: string; match: number; evidence: string | null; rank: number }[]> {
  const { rows } = await database.db.query<{ id: number }>(
    `INSERT INTO ${TABLES[kind]} (merchant_id, external_code, name) VALUES ($1, $2, $3) RETURNING id`,
    [merchantId, externalCode, name],
  );
  const list = await database.db.query<{
    id: number;
    name: string;
    match: number;
    evidence: string | null;
    rank: number;
  }>(`SELECT rank, id, name, match, evidence FROM map_${kind}_candidates($1) ORDER BY rank`, [rows[0]?.id]);
  return list.rows;
}

describe('ranking by words, abbreviations and synonyms', () => {
  it.each([
    ['car', 'VW Golf or similar', 'Volkswagen Golf'],
    ['car', 'Mercedes C220d', 'Mercedes-Benz C-Class'],
    ['car', 'BMW 320d Touring', 'BMW 3 Series'],
    ['car', 'Vauxhall Corsa', 'Opel Corsa'],
    ['car', 'Skoda Octavia Combi', 'Skoda Octavia Estate'],
    ['option', 'Sat Nav', 'GPS navigation'],
    ['option', 'Navigation system', 'GPS navigation'],
    ['option', 'Baby seat', 'Infant seat (0-13 kg)'],
    ['option', 'Toddler seat', 'Child seat (9-18 kg)'],
    ['option', 'Extra driver', 'Additional driver'],
    ['option', 'Drop off charge', 'One-way rental'],
    ['option', 'Child booster', 'Booster seat (15-36 kg)'],
    ['included_item', 'CDW', 'Collision damage waiver'],
    ['included_item', 'Loss Damage Waiver', 'Collision damage waiver'],
    ['included_item', 'TP', 'Theft protection'],
    ['included_item', 'Unlimited km', 'Unlimited mileage'],
    ['included_item', 'Snow tires', 'Winter equipment'],
    ['supplier', 'Enterprise Rent-A-Car', 'Enterprise'],
    ['supplier', 'Thrifty Car Rental', 'Thrifty'],
    ['supplier', 'RecordGo', 'Record Go'],
    ['supplier', 'Greenmotion', 'Green Motion'],
    ['car_class', 'Economy 4-5 door manual with air', 'Economy 4-5 Door, manual, Unspecified fuel, air'],
    ['car_class', 'Intermediate SUV Manual', 'Intermediate SUV, manual, Unspecified fuel, air'],
  ] as const)('%s “%s” finds %s first, sure of it, and says why', async (kind, name, expected) => {
    const list = await listOf(kind, name);
    expect(list[0]?.name).toBe(expected);
    expect(list[0]?.match).toBeGreaterThanOrEqual(80);
    expect(list[0]?.evidence).toMatch(/name: |class /);
    // Every record of the kind is a candidate: a list is never empty while the catalogue has one.
    expect(list.length).toBeGreaterThan(5);
  });

  it('tolerates a typo in a long word, never in a number', async () => {
    expect((await listOf('option', 'Snow chians'))[0]?.name).toBe('Snow chains');
    expect((await listOf('included_item', 'Roadside asistance'))[0]?.name).toBe('Roadside assistance');
    // "2008" is another model than "208": its match stays low.
    const peugeot = await listOf('car', 'Peugeot 2008');
    expect(peugeot.find((c) => c.name === 'Peugeot 208')?.match ?? 0).toBeLessThan(50);
  });

  it('lets an ACRISS code in a class name, or as the feed code, decide', async () => {
    const named = await listOf('car_class', 'Compact (CDMR)');
    expect(named[0]?.name).toMatch(/^Compact 4-5 Door, manual/);
    expect(named[0]?.evidence).toMatch(/code CDMR/);
    expect(named[0]?.match).toBeGreaterThanOrEqual(MAP_AUTO_THRESHOLD);
    const coded = await listOf('car_class', 'Group C', 'GRP-CDAR');
    expect(coded[0]?.evidence).toMatch(/code CDAR/);
  });

  it('counts a feed code that is a candidate’s code', async () => {
    const list = await listOf('option', 'Extra 7', 'OPT-BST');
    expect(list[0]?.name).toBe('Booster seat (15-36 kg)');
    expect(list[0]?.evidence).toMatch(/code BST/);
  });

  it('says “no match” with a low Match % for something the catalogue lacks', async () => {
    for (const [kind, name] of [
      ['car', 'Toyota Land Cruiser'],
      ['option', 'Pet transport box'],
      ['supplier', 'Sunny Cars'],
    ] as const) {
      const list = await listOf(kind, name);
      expect(list[0]?.match, `${kind} ${name}`).toBeLessThan(MAP_AUTO_THRESHOLD);
    }
  });

  it('ranks the price-watch side by the same words: a record’s merchant records', async () => {
    await listOf('option', 'Navigatore satellitare GPS');
    const { rows } = await database.db.query<{ name: string; match: number }>(
      `SELECT c.name, c.match FROM map_option_merchants((SELECT id FROM pricewatch_options WHERE code = 'NVS')) c
        ORDER BY c.rank`,
    );
    expect(rows.some((r) => r.name === 'Navigatore satellitare GPS' && r.match >= 50)).toBe(true);
    expect(rows.every((r) => r.match >= 0 && r.match <= 100)).toBe(true);
  });
});

describe('evaluation on independent names (a slice)', () => {
  it('reads the model list and builds cases with a fifth without counterpart', () => {
    expect(readEvalModels().length).toBeGreaterThan(1000);
    const cars = carCases();
    const without = cars.filter((c) => c.truth === null).length;
    expect(without / cars.length).toBeGreaterThan(0.15);
    expect(without / cars.length).toBeLessThan(0.25);
    const noisy = noisyKind(cars);
    expect(noisyKind(cars)).toEqual(noisy);
    expect(noisy.every((c) => c.noise.length > 0)).toBe(true);
  });

  it('maps the slice’s cars and car classes, and removes its records', async () => {
    const codes = await catalogueClassCodes(database.db);
    for (const [kind, cases] of [
      ['car', carCases(8)],
      ['car', noisyKind(carCases(8, 3))],
      ['car_class', classCases(codes, 3)],
      ['car_class', noisyKind(classCases(codes, 3, 1))],
    ] as const) {
      const e = await evaluateKind(database.db, kind, cases);
      expect(e.records).toBe(cases.length);
      expect(e.withTruth).toBeGreaterThan(0.6 * cases.length);
      expect(e.emptyWithTruth).toBe(0);
      // A floor well under what the bench measures on the whole list (docs/adr/0013-mapping.md):
      // it catches a broken ranking, not a point of accuracy.
      expect(e.top5 / e.withTruth, `${kind}: ${describeFigures(e).summary}`).toBeGreaterThanOrEqual(0.9);
      expect(e.acceptedRight).toBeLessThanOrEqual(e.accepted);
      if (e.accepted >= 10) expect(e.acceptedRight / e.accepted).toBeGreaterThanOrEqual(0.9);
    }
    await removeKindEvalRecords(database.db);
    const left = await database.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM merchant_cars m JOIN merchants mc ON mc.id = m.merchant_id WHERE mc.code = 'EVAL')
            + (SELECT count(*) FROM merchant_car_classes m JOIN merchants mc ON mc.id = m.merchant_id WHERE mc.code = 'EVAL')
              ::int AS n`,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

describe('the kinds’ phrases', () => {
  // The catalogue's words are read through the phrases (1700000011210_kind-phrases-refresh.sql):
  // changing a phrase re-reads them at once, with no refresh to remember.
  const wordsOf = async (id: number) =>
    (
      await database.db.query<{ word: string }>(
        `SELECT DISTINCT word FROM pricewatch_kind_words WHERE kind = 'supplier' AND record_id = $1`,
        [id],
      )
    ).rows.map((r) => r.word);

  // A word as the catalogue keeps it (folded, spelled as the comparison spells it).
  const kept = async (word: string) =>
    (await database.db.query<{ word: string }>(`SELECT word FROM map_name_words('supplier', $1)`, [word]))
      .rows[0]?.word;

  it('re-reads the catalogue’s words when a phrase is added, changed or removed', async () => {
    // A catalogue supplier and a word of its name as written (a phrase matches the written word).
    const { rows } = await database.db.query<{ id: number; raw: string; word: string }>(
      `SELECT n.id, w.raw, w.word
         FROM pricewatch_suppliers s,
              map_kind_catalogue_names('supplier', array[s.id]) n, map_name_words('supplier', n.name) w
        WHERE w.raw ~ '^[a-z]{5,}$' AND NOT EXISTS (SELECT 1 FROM map_kind_phrases p WHERE p.phrase = w.raw)
        ORDER BY s.id LIMIT 1`,
    );
    const { id, raw, word } = rows[0] as { id: number; raw: string; word: string };
    expect(await wordsOf(id)).toContain(word);

    await database.db.query(
      `INSERT INTO map_kind_phrases (kind, phrase, replacement) VALUES ('supplier', $1, 'zzphrase')`,
      [raw],
    );
    const one = await kept('zzphrase');
    expect(await wordsOf(id)).toContain(one);
    expect(await wordsOf(id)).not.toContain(word);

    await database.db.query(
      `UPDATE map_kind_phrases SET kind = '*', replacement = 'zzevery' WHERE phrase = $1`,
      [raw],
    );
    const every = await kept('zzevery');
    expect(await wordsOf(id)).toContain(every);
    expect(await wordsOf(id)).not.toContain(one);

    await database.db.query(`DELETE FROM map_kind_phrases WHERE phrase = $1`, [raw]);
    expect(await wordsOf(id)).toContain(word);
    expect(await wordsOf(id)).not.toContain(every);
  });
});

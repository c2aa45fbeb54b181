/**
 * The location map lists' Match % as a probability, their broader search, and their evidence, on a
 * small committed fixture of labelled pairs (fixtures/map-confidence-pairs.tsv): airports named as
 * feeds write them (local languages, former names, districts, abbreviations, a typo, no country),
 * each with the catalogue airport it is, or none for airfields the catalogue lacks (several share
 * a town with one it has). The confidence was fitted elsewhere (bench/src/fit-map-confidence.ts);
 * these pairs were not part of that fit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAP_AUTO_THRESHOLD } from '@bm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

interface Pair {
  name: string;
  country: string | null;
  /** The IATA code of the catalogue airport it is, or null when the catalogue has none. */
  truth: string | null;
}

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/map-confidence-pairs.tsv');

function readPairs(): Pair[] {
  const [header, ...lines] = readFileSync(FIXTURE, 'utf8').split('\n');
  if (header !== 'name\tcountry\ttruth') throw new Error(`unexpected header in ${FIXTURE}`);
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [name = '', country = '', truth = ''] = l.split('\t');
      return { name, country: country || null, truth: truth || null };
    });
}

interface Candidate {
  rank: number;
  id: number;
  code: string;
  match: number;
  evidence: string | null;
}

let database: TestDatabase;
let merchantId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await database.db.query<{ id: number }>(
    `INSERT INTO merchants (name, code) VALUES ('Confidence fixture', 'CONF') RETURNING id`,
  );
  merchantId = rows[0]?.id ?? 0;
});

let serial = 0;
/** A merchant airport with this name, country and IATA code, and its map list. */
async function candidatesOf(name: string, country: string | null, iata: string | null = null) {
  const { rows } = await database.db.query<{ id: number }>(
    `INSERT INTO merchant_locations (merchant_id, external_code, name, location_kind, country_code, iata_code,
                                     created_by, updated_by)
     VALUES ($1, $2, $3, 'Airport', $4, $5, 'test', 'test') RETURNING id`,
    [merchantId, `C${++serial}`, name, country, iata],
  );
  return (
    await database.db.query<Candidate>(
      'SELECT rank, id, code, match, evidence FROM map_location_candidates($1) ORDER BY rank',
      [rows[0]?.id],
    )
  ).rows;
}

describe('location Match % on labelled pairs', () => {
  it('holds its bands: first candidates at the auto-map threshold are right; those under 30 are mostly not', async () => {
    const pairs = readPairs();
    expect(pairs.length).toBeGreaterThan(60);
    expect(pairs.filter((p) => p.truth === null).length).toBeGreaterThan(12);
    const firsts: { right: boolean; match: number; pair: Pair }[] = [];
    for (const pair of pairs) {
      const [first] = await candidatesOf(pair.name, pair.country);
      firsts.push({
        right: first !== undefined && first.code === pair.truth,
        match: first?.match ?? 0,
        pair,
      });
    }
    const high = firsts.filter((f) => f.match >= MAP_AUTO_THRESHOLD);
    const low = firsts.filter((f) => f.match < 30);
    const share = (list: typeof firsts) => list.filter((f) => f.right).length / Math.max(1, list.length);
    // Enough of each band for the share to mean something.
    expect(high.length).toBeGreaterThan(30);
    expect(low.length).toBeGreaterThan(8);
    expect(
      share(high),
      high
        .filter((f) => !f.right)
        .map((f) => `${f.pair.name} ${f.match}%`)
        .join(', '),
    ).toBeGreaterThanOrEqual(0.95);
    expect(
      1 - share(low),
      low
        .filter((f) => f.right)
        .map((f) => `${f.pair.name} ${f.match}%`)
        .join(', '),
    ).toBeGreaterThanOrEqual(0.8);
    // "No match" is sayable: most airfields the catalogue lacks are not offered for auto-mapping.
    const none = firsts.filter((f) => f.pair.truth === null);
    expect(none.filter((f) => f.match >= MAP_AUTO_THRESHOLD).length).toBeLessThanOrEqual(2);
    // And most of those that have one are.
    const some = firsts.filter((f) => f.pair.truth !== null);
    expect(some.filter((f) => f.right && f.match >= MAP_AUTO_THRESHOLD).length / some.length).toBeGreaterThan(
      0.75,
    );
  });

  it('gives a unique good match more confidence than one of two alike', async () => {
    const [first] = await candidatesOf('Belfast City George Best', 'GB');
    const [ambiguous] = await candidatesOf('Belfast', 'GB');
    expect(first?.code).toBe('BHD');
    expect(first?.match).toBeGreaterThan(ambiguous?.match ?? 100);
  });
});

describe('location broader search', () => {
  it('finds the counterpart without a country and with misspelt words', async () => {
    for (const [name, truth] of [
      ['Frankfrut Intl', 'FRA'],
      ['Heathorw Arpt', 'LHR'],
      ['Barselona El Prat', 'BCN'],
      ['Muenchen Flughafen', 'MUC'],
    ] as const) {
      const list = await candidatesOf(name, null);
      expect(list.length, name).toBeGreaterThan(0);
      expect(
        list.slice(0, 5).map((c) => c.code),
        name,
      ).toContain(truth);
    }
  });

  it('looks beyond a wrong country, and never answers a record with an empty list', async () => {
    const abroad = await candidatesOf('Geneve Cointrin Aeroport', 'FR');
    expect(abroad.slice(0, 5).map((c) => c.code)).toContain('GVA');
    // Nothing any word of it finds, and no country: the places whose whole names are most alike.
    expect((await candidatesOf('Frnkfrt Mn', null)).length).toBeGreaterThan(0);
  });

  it('gives an office with nothing near, at its airport or at its place its supplier’s offices', async () => {
    const { rows } = await database.db.query<{ id: number; supplier: number }>(
      `INSERT INTO merchant_offices (merchant_id, external_code, name, merchant_supplier_id, latitude, longitude,
                                     created_by, updated_by)
       SELECT s.merchant_id, 'FAR-1', 'Mid-ocean desk', s.id, -48.8767, -123.3933, 'test', 'test'
         FROM merchant_suppliers s WHERE s.mapped_id IS NOT NULL ORDER BY s.id LIMIT 1
       RETURNING id, merchant_supplier_id AS supplier`,
    );
    const office = rows[0];
    if (!office) throw new Error('no mapped merchant supplier in the demo');
    const { rows: list } = await database.db.query<{ evidence: string | null }>(
      'SELECT evidence FROM map_office_candidates($1) ORDER BY rank',
      [office.id],
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]?.evidence).toContain('same supplier');
  });
});

describe('how location names are read', () => {
  it("reads feeds' abbreviations, words written together and kind words as what they are", async () => {
    for (const [name, country, truth] of [
      // Two words the catalogue writes as one: compared by the skeleton of the two.
      ['Mc Call Municipal Airport', 'US', 'MYL'],
      // "Metro" is "Metropolitan", as "Intl" is "International".
      ['Columbia Metro Airport', 'US', 'CAE'],
      // "Air Force Station" says what kind of place it is, not which: the town's name decides.
      ['Pathankot Air Force Station', 'IN', 'IXP'],
    ] as const) {
      const [first] = await candidatesOf(name, country);
      expect(first?.code, name).toBe(truth);
    }
  });

  it('knows an airport by the county it lies in, and takes a word the catalogue has as written before a typo of another', async () => {
    // Williamsport's airport lies in Lycoming County; "Lycoming" is two letters from "Wyoming".
    const [first] = await candidatesOf('Lycoming County Airport', 'US');
    expect(first?.code).toBe('IPT');
    expect(first?.evidence).toContain('near: lycoming, county');
  });
});

describe('evidence on the candidate row', () => {
  it('says which words, city, code and distance matched', async () => {
    const [first] = await candidatesOf('Flughafen Franz Josef Strauss', 'DE', 'MUC');
    expect(first?.code).toBe('MUC');
    expect(first?.evidence).toMatch(/name: .*strauss/);
    expect(first?.evidence).toContain('code MUC');
    const [city] = await candidatesOf('Firenze', 'IT');
    expect(city?.code).toBe('FLR');
    expect(city?.evidence).toMatch(/firenze/);
  });

  it('is on every kind of candidate row', async () => {
    for (const kind of ['supplier', 'car_class', 'car', 'option', 'included_item', 'office', 'insurance']) {
      const { rows } = await database.db.query<{ evidence: string | null }>(
        `SELECT c.evidence FROM (SELECT min(merchant_record_id) AS id FROM merchant_ground_truth WHERE kind = $1) g,
                LATERAL map_${kind}_candidates(g.id::int) c ORDER BY c.rank LIMIT 1`,
        [kind],
      );
      expect(rows[0]?.evidence, kind).toMatch(/\w/);
    }
  });
});

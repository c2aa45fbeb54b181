/**
 * One pipeline for every request rule (issue 38), over real HTTP:
 * - the map list's actions (map, unmap, blacklist, disable, and restore: a map confirmed for a
 *   blacklisted record) and an export's cancel take the write path every record write takes: a
 *   PostgreSQL refusal answers the write path's 400 naming the field, with nothing written, and a
 *   serialization failure or deadlock runs the whole transaction once more, a second one being the
 *   write path's 409. The refusals are real PostgreSQL errors, provoked as write-path.test.ts
 *   provokes them: a constraint this file adds to its own database, and a trigger failing chosen
 *   rows a number of times;
 * - the API and the notification hub give a token without their scope the same answer (401);
 * - an unregistered `sqlViewName` or `databaseName` gets the same 400 and message from every route
 *   that takes one.
 */
import { importJWK, type JWK, SignJWT } from 'jose';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAP_LISTS } from '../catalog/map-lists.ts';
import { apiCaller, saveValues, startSignedIn } from './api-caller.ts';
import { signingKeyOf } from './provider-keys.ts';
import type { TestServer } from './test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  // Merchant locations and exports named in op_flaky fail with that SQLSTATE on their first `times`
  // updates (a sequence counts the tries: it is not rolled back with the failed transaction).
  await db.query(`
    CREATE TABLE op_flaky (tab text, id integer, code text NOT NULL, times integer NOT NULL, PRIMARY KEY (tab, id));
    CREATE SEQUENCE op_tries;
    CREATE FUNCTION op_flaky() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      f op_flaky;
    BEGIN
      SELECT * INTO f FROM op_flaky WHERE tab = TG_TABLE_NAME AND id = NEW.id;
      IF FOUND AND nextval('op_tries') <= f.times THEN
        RAISE EXCEPTION 'simulated %', f.code USING ERRCODE = f.code;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER op_flaky BEFORE UPDATE ON merchant_locations FOR EACH ROW EXECUTE FUNCTION op_flaky();
    CREATE TRIGGER op_flaky BEFORE UPDATE ON exports FOR EACH ROW EXECUTE FUNCTION op_flaky();
  `);
});
afterAll(async () => {
  await db.end();
});

const rows = async <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
  (await db.query(sql, params)).rows as T[];

interface Airport {
  id: number;
  truth: number;
}

/** Unmapped merchant airports with their true price-watch match, none used before by this file. */
const used = new Set<number>();
async function freshAirports(count: number): Promise<Airport[]> {
  const found = await rows<Airport>(
    `SELECT m.id, g.pricewatch_id AS truth
       FROM merchant_locations m
       JOIN merchant_ground_truth g ON g.kind = 'location' AND g.merchant_record_id = m.id
      WHERE m.map_status = 'unmapped' AND m.location_kind = 'Airport' AND g.pricewatch_id IS NOT NULL
        AND NOT (m.id = ANY($1::int[]))
      ORDER BY m.id LIMIT $2`,
    [[...used], count],
  );
  expect(found).toHaveLength(count);
  for (const airport of found) used.add(airport.id);
  return found;
}

const MAP_PROCEDURE = 'bm_map_location';
const act = (key: string, values: Record<string, unknown>, actionType?: string) =>
  call('mapper', 'POST', `/api/maplocations/${key}`, {
    storeProcedure: MAP_PROCEDURE,
    values: saveValues(values),
    ...(actionType ? { actionType } : {}),
  });

type MapAction = 'map' | 'unmap' | 'blacklist' | 'disable' | 'restore';

/**
 * Each action: how its record is brought into the state it acts on (through the API, before any
 * refusal is armed), and the request that runs it.
 */
const MAP_ACTIONS: Record<
  MapAction,
  { prepare: (a: Airport) => Promise<void>; send: (a: Airport) => ReturnType<typeof act> }
> = {
  map: {
    prepare: async () => {},
    send: (a) => act('map', { merchantRecordId: a.id, pricewatchId: a.truth }),
  },
  unmap: {
    prepare: async (a) => {
      expect((await act('map', { merchantRecordId: a.id, pricewatchId: a.truth })).body).toEqual({
        isSuccess: true,
      });
    },
    send: (a) => act('unmap', { merchantRecordId: a.id, pricewatchId: a.truth }),
  },
  blacklist: {
    prepare: async () => {},
    send: (a) => act('ignore', { merchantRecordId: a.id, note: 'A travel agency desk' }),
  },
  disable: {
    prepare: async () => {},
    send: (a) => act('disable', { merchantRecordId: a.id, note: 'Closed' }),
  },
  restore: {
    prepare: async (a) => {
      const ignored = await act('ignore', { merchantRecordId: a.id, note: 'On the blacklist' });
      expect(ignored.body).toMatchObject({ isSuccess: true });
    },
    send: (a) => act('map', { merchantRecordId: a.id, pricewatchId: a.truth }, 'restore:blacklisted'),
  },
};
const ACTION_NAMES = Object.keys(MAP_ACTIONS) as MapAction[];

/** What a merchant location holds of its mapping, and how many changes its history has. */
async function stateOf(id: number): Promise<unknown> {
  const [row] = await rows(
    `SELECT map_status, mapped_id, map_note, row_version,
            (SELECT count(*)::int FROM merchant_map_history h WHERE h.kind = 'location' AND h.merchant_record_id = m.id) AS history
       FROM merchant_locations m WHERE id = $1`,
    [id],
  );
  return row;
}

const expectErrorShape = (body: Record<string, unknown>) => {
  expect(typeof body.message).toBe('string');
  for (const key of Object.keys(body)) expect(['message', 'errors', 'current']).toContain(key);
};

/** Makes a row's updates fail `times` times with `code`, from now on. */
async function flaky(tab: string, id: number, code: string, times: number): Promise<void> {
  await db.query('INSERT INTO op_flaky (tab, id, code, times) VALUES ($1, $2, $3, $4)', [
    tab,
    id,
    code,
    times,
  ]);
  await db.query(`SELECT setval('op_tries', 1, false)`);
}

/** How many updates of a flaky row were tried. */
const tries = async () =>
  (
    await rows<{ n: number }>(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::int AS n FROM op_tries`)
  )[0]?.n;

const BUSY = {
  status: 409,
  body: { message: 'The record is being changed by another request; try again' },
};

describe('map actions take the write path', () => {
  describe('a PostgreSQL refusal (check violation 23514) answers the write path’s 400 naming the field', () => {
    const airports = new Map<MapAction, Airport>();

    beforeAll(async () => {
      const fresh = await freshAirports(ACTION_NAMES.length);
      for (const [i, action] of ACTION_NAMES.entries()) {
        const airport = fresh[i] as Airport;
        airports.set(action, airport);
        await MAP_ACTIONS[action].prepare(airport);
      }
      // Every action writes its record's history: these records' next entry is refused.
      const ids = fresh.map((a) => a.id).join(', ');
      await db.query(
        `ALTER TABLE merchant_map_history ADD CONSTRAINT merchant_map_history_merchant_record_id_check
           CHECK (kind <> 'location' OR merchant_record_id NOT IN (${ids})) NOT VALID`,
      );
      return async () => {
        await db.query(
          'ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_merchant_record_id_check',
        );
      };
    });

    it.each(ACTION_NAMES)('%s', async (action) => {
      const airport = airports.get(action) as Airport;
      const before = await stateOf(airport.id);
      const answer = await MAP_ACTIONS[action].send(airport);
      expectErrorShape(answer.body);
      expect(answer).toEqual({
        status: 400,
        body: {
          message: 'A value is not acceptable (merchantRecordId)',
          errors: { merchantRecordId: 'Is not acceptable' },
        },
      });
      // The record's own update ran before the refused history entry: both were rolled back.
      expect(await stateOf(airport.id)).toEqual(before);
    });
  });

  describe('a serialization failure or deadlock is retried once, then a 409', () => {
    afterEach(async () => {
      await db.query('DELETE FROM op_flaky');
    });

    const cases = ACTION_NAMES.flatMap((action) => ['40001', '40P01'].map((code) => [action, code] as const));

    it.each(cases)('%s: one %s is retried and the action succeeds', async (action, code) => {
      const [airport] = (await freshAirports(1)) as [Airport];
      await MAP_ACTIONS[action].prepare(airport);
      await flaky('merchant_locations', airport.id, code, 1);
      const answer = await MAP_ACTIONS[action].send(airport);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.isSuccess).toBe(true);
      // The failed first try and the successful second one.
      expect(await tries()).toBe(2);
    });

    it.each(cases)('%s: a second %s is a 409 and nothing is written', async (action, code) => {
      const [airport] = (await freshAirports(1)) as [Airport];
      await MAP_ACTIONS[action].prepare(airport);
      const before = await stateOf(airport.id);
      await flaky('merchant_locations', airport.id, code, 2);
      const answer = await MAP_ACTIONS[action].send(airport);
      expect(answer).toEqual(BUSY);
      expect(await tries()).toBe(2);
      expect(await stateOf(airport.id)).toEqual(before);
    });
  });

  it('an unregistered procedure is the write path’s 400 naming storeProcedure, for every action', async () => {
    const [airport] = (await freshAirports(1)) as [Airport];
    const before = await stateOf(airport.id);
    for (const key of ['map', 'unmap', 'ignore', 'disable']) {
      const answer = await call('mapper', 'POST', `/api/maplocations/${key}`, {
        storeProcedure: 'bm_map_option',
        values: saveValues({ merchantRecordId: airport.id, pricewatchId: airport.truth, note: 'x' }),
      });
      expect(answer).toEqual({
        status: 400,
        body: {
          message: `storeProcedure "bm_map_option" is not registered for PricewatchLocation ${key}`,
          errors: { storeProcedure: 'Is not registered for this action' },
        },
      });
    }
    expect(await stateOf(airport.id)).toEqual(before);
  });
});

describe('an export’s cancel takes the write path', () => {
  /** An export of the admin's, queued (a row only: no job runs it). */
  async function queuedExport(): Promise<number> {
    const [row] = await rows<{ id: number }>(
      `INSERT INTO exports (file_name, page_name, requested_by, entity, source, criteria)
       VALUES ('waiting.xlsx', 'Pages', 'admin@bmtools.local', 'Page', '/api/pages',
               '{"source":"/api/pages","sort":[],"selector":[{"field":"id","label":"Id"}]}')
       RETURNING id`,
    );
    return row?.id as number;
  }
  const cancel = (id: number) => call('admin', 'POST', `/api/exports/${id}/cancel`);
  const statusOf = async (id: number) =>
    (await rows<{ status: string }>('SELECT status FROM exports WHERE id = $1', [id]))[0]?.status;

  afterEach(async () => {
    await db.query('DELETE FROM op_flaky');
  });

  it('a PostgreSQL refusal is the write path’s 400 naming the field, and the export stays queued', async () => {
    const id = await queuedExport();
    await db.query(
      `ALTER TABLE exports ADD CONSTRAINT exports_finished_at_check CHECK (id <> ${id} OR finished_at IS NULL) NOT VALID`,
    );
    try {
      expect(await cancel(id)).toEqual({
        status: 400,
        body: {
          message: 'A value is not acceptable (finishedAt)',
          errors: { finishedAt: 'Is not acceptable' },
        },
      });
    } finally {
      await db.query('ALTER TABLE exports DROP CONSTRAINT exports_finished_at_check');
    }
    expect(await statusOf(id)).toBe('queued');
  });

  it.each(['40001', '40P01'])(
    'one %s is retried and the export is cancelled; a second is the 409',
    async (code) => {
      const once = await queuedExport();
      await flaky('exports', once, code, 1);
      expect(await cancel(once)).toEqual({
        status: 200,
        body: { isSuccess: true, id: once, message: 'Export cancelled' },
      });
      expect(await tries()).toBe(2);
      expect(await statusOf(once)).toBe('cancelled');

      const twice = await queuedExport();
      await flaky('exports', twice, code, 2);
      expect(await cancel(twice)).toEqual(BUSY);
      expect(await tries()).toBe(2);
      expect(await statusOf(twice)).toBe('queued');
    },
  );
});

describe('a token without the scope', () => {
  let signingKey: JWK;
  beforeAll(async () => {
    signingKey = await signingKeyOf(server.db);
  });

  /** A valid access token of the admin with exactly `scope`. */
  async function tokenWith(scope: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ scope, email: 'admin@bmtools.local', aud: 'bm-tools-api' })
      .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid as string, typ: 'at+jwt' })
      .setIssuer(`${server.baseUrl}/oidc`)
      .setSubject('x')
      .setIssuedAt(now - 100)
      .setExpirationTime(now + 600)
      .sign(await importJWK(signingKey, 'RS256'));
  }

  async function overHttp(token: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${server.baseUrl}/api/userRights`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: await response.json() };
  }

  /** The hub's answer to an upgrade with `token`: the refusal's status and body, or `open`. */
  function atTheHub(token: string): Promise<{ status: number; body: unknown } | 'open'> {
    const socket = new WebSocket(
      `${server.baseUrl.replace(/^http/, 'ws')}/notificationshub?access_token=${token}`,
    );
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        socket.close();
        resolve('open');
      });
      socket.once('unexpected-response', (request, response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
        });
      });
      socket.once('error', reject);
    });
  }

  it('is refused alike by the API and the hub: 401 naming the scope it lacks', async () => {
    const neither = await tokenWith('openid profile');
    expect(await overHttp(neither)).toEqual({
      status: 401,
      body: { message: 'The access token lacks the bm-tools-api scope' },
    });
    expect(await atTheHub(neither)).toEqual({
      status: 401,
      body: { message: 'The access token lacks the bm-tools-hub scope' },
    });
    // Each scope opens its own door only.
    expect(await overHttp(await tokenWith('bm-tools-hub'))).toEqual({
      status: 401,
      body: { message: 'The access token lacks the bm-tools-api scope' },
    });
    expect(await atTheHub(await tokenWith('bm-tools-api'))).toEqual({
      status: 401,
      body: { message: 'The access token lacks the bm-tools-hub scope' },
    });
    expect((await overHttp(await tokenWith('bm-tools-api'))).status).toBe(200);
    expect(await atTheHub(await tokenWith('bm-tools-hub'))).toBe('open');
  });

  it('and any other refusal of the token is the same 401 and message on both', async () => {
    for (const token of ['not.a.token', `${await tokenWith('bm-tools-api bm-tools-hub')}x`]) {
      const http = await overHttp(token);
      expect(http.status).toBe(401);
      expect(await atTheHub(token)).toEqual(http);
    }
  });
});

describe('an unregistered source', () => {
  const pricewatchLocations = MAP_LISTS.find((l) => l.entity.api === '/api/maplocations');

  /** The message every route gives for the same field, value and owner. */
  const refusal = (field: string, value: string, owner: string) =>
    `${field} "${value}" is not registered for ${owner}`;

  /** Every route that takes a sqlViewName or databaseName, sent `param` (in its query or body). */
  async function routes(param: { sqlViewName?: string; databaseName?: string }) {
    const query = new URLSearchParams(param as Record<string, string>).toString();
    const [page] = await rows<{ id: number }>('SELECT max(id)::int AS id FROM pages');
    const [place] = await rows<{ id: number }>('SELECT min(id)::int AS id FROM pricewatch_locations');
    const [reservation] = await rows<{ id: number }>('SELECT min(id)::int AS id FROM customer_reservations');
    const mapList = pricewatchLocations?.entity.api;
    const criteria = JSON.stringify({
      source: '/api/pages',
      sort: [],
      selector: [{ field: 'id', label: 'Id' }],
      ...param,
    });
    const answers: Array<[string, string, Promise<Awaited<ReturnType<typeof call>>>]> = [
      ['GET /api/pages', 'Page', call('admin', 'GET', `/api/pages?${query}`)],
      ['GET /api/pages/page-summarize', 'Page', call('admin', 'GET', `/api/pages/page-summarize?${query}`)],
      ['GET /api/pages/:id', 'Page', call('admin', 'GET', `/api/pages/${page?.id}?${query}`)],
      ['DELETE /api/pages/:id', 'Page', call('admin', 'DELETE', `/api/pages/${page?.id}?${query}`)],
      [
        'POST /api/exports/send',
        'Page',
        call('admin', 'POST', '/api/exports/send', {
          storeProcedure: 'bm_export_send',
          values: saveValues({ fileName: 'one-pipeline', criteria, pageName: 'Pages' }),
        }),
      ],
      [
        `GET ${mapList}`,
        `${pricewatchLocations?.entity.entity}`,
        call('admin', 'GET', `${mapList}?id=${place?.id}&${query}`),
      ],
      [
        `GET ${mapList}/page-summarize`,
        `${pricewatchLocations?.entity.entity}`,
        call('admin', 'GET', `${mapList}/page-summarize?id=${place?.id}&${query}`),
      ],
      [
        'GET /api/dropdowns/:name',
        'lookup languages2',
        call('admin', 'GET', `/api/dropdowns/languages2?${query}`),
      ],
    ];
    if (param.databaseName !== undefined) {
      const { databaseName } = param;
      answers.push(
        [
          'POST /api/pages',
          'Page',
          call('admin', 'POST', '/api/pages', { databaseName, values: saveValues({ name: 'x' }) }),
        ],
        [
          'PUT /api/pages/:id',
          'Page',
          call('admin', 'PUT', `/api/pages/${page?.id}`, { databaseName, values: saveValues({ name: 'x' }) }),
        ],
        [
          'PUT /api/customerReservations/setIsActiveCustomer',
          'CustomerReservation',
          call('admin', 'PUT', '/api/customerReservations/setIsActiveCustomer', {
            databaseName,
            values: saveValues({ id: reservation?.id }),
          }),
        ],
      );
    }
    return Promise.all(answers.map(async ([route, owner, answer]) => [route, owner, await answer] as const));
  }

  it.each([
    ['sqlViewName', 'pg_user'],
    ['databaseName', 'postgres'],
  ] as const)('%s %s: 400 and the same message from every route that takes one', async (field, value) => {
    const pagesBefore = await rows('SELECT id, row_version FROM pages ORDER BY id');
    for (const [route, owner, answer] of await routes({ [field]: value })) {
      const message = refusal(field, value, owner);
      expect(answer.status, route).toBe(400);
      expect(answer.body.message, route).toBe(message);
      // An export names every refusal of its criteria under `criteria`; the others name the field.
      expect(answer.body.errors, route).toEqual(
        route.includes('/exports/') ? { criteria: message } : { [field]: 'Is not registered' },
      );
    }
    expect(await rows('SELECT id, row_version FROM pages ORDER BY id')).toEqual(pagesBefore);
  });
});

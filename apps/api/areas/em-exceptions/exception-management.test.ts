/**
 * Exception management over real HTTP: the rights of each role on the five areas (only the admin
 * changes anything; the viewer reads; the editor and the mapper, whose roles cover content and
 * mapping, get nothing), the tables' rules as 400s naming the field, deleting records that others
 * refer to (an exception takes its thresholds with it; a contact or application in use is
 * refused), and what the threshold screens rely on: the exceptions list's 'Config Thresholds' row
 * action, the threshold list's required `exceptionId`, and the exception record's name that the
 * threshold form prefills.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

/** Demo ids the payloads refer to. */
const ids: Record<string, number> = {};

async function one(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ id: number }>(sql, params);
  const id = rows[0]?.id;
  if (id === undefined || id === null) throw new Error(`no demo row for ${sql}`);
  return Number(id);
}

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  ids.application = await one("SELECT min(id) AS id FROM em_applications WHERE name = 'Payment gateway'");
  ids.payments = await one("SELECT min(id) AS id FROM em_contacts WHERE team = 'Payments' AND enabled");
  ids.payments2 = await one("SELECT max(id) AS id FROM em_contacts WHERE team = 'Payments' AND enabled");
  ids.duty = await one("SELECT min(id) AS id FROM em_contacts WHERE team = 'Duty managers'");
  ids.policy = await one("SELECT id FROM em_escalation_policies WHERE name = 'Payments critical 24/7'");
  ids.exception = await one(
    `SELECT min(e.id) AS id FROM em_exceptions e
      WHERE EXISTS (SELECT 1 FROM em_exception_thresholds h WHERE h.exception_id = e.id)`,
  );
  ids.threshold = await one('SELECT min(id) AS id FROM em_exception_thresholds');
});
afterAll(async () => {
  await db.end();
});

const stamp = () => Math.random().toString(36).slice(2, 8);

/** A valid new record of each area, as its create form sends it. */
const records: Record<string, () => Record<string, unknown>> = {
  '/api/applications': () => ({
    name: `Voucher renderer ${stamp()}`,
    environment: 'production',
    owningTeam: 'Booking',
    repositoryUrl: 'https://git.bmtools.local/booking/voucher-renderer',
    enabled: true,
  }),
  '/api/contacts': () => ({
    name: 'Rita Ferreira',
    email: `rita.ferreira.${stamp()}@bmtools.local`,
    phone: '+351 21 5550 4411',
    team: 'Payments',
    enabled: true,
  }),
  '/api/escalationpolicies': () => ({
    name: `Payments weekend ${stamp()}`,
    firstContactId: ids.payments,
    secondContactId: ids.duty,
    secondDelayMinutes: 20,
    repeatCount: 1,
    enabled: true,
  }),
  '/api/exceptions': () => ({
    applicationId: ids.application,
    exceptionType: 'Stripe.CardException',
    message: `Your card has insufficient funds (${stamp()})`,
    status: 'new',
    escalationPolicyId: ids.policy,
  }),
  // The sample exception has no thresholds, so any severity is free: made in the test below.
};
const AREAS = Object.keys(records);
/** The threshold list of one exception, as the grid asks for it from `?exceptionId=` in the address. */
const thresholdsOf = (exceptionId: number) =>
  `/api/exceptionthresholds?filters=${encodeURIComponent(
    JSON.stringify({ name: 'exceptionId', type: 'number', operation: 'eq', value: exceptionId }),
  )}`;
const create = (who: string, api: string, values: Record<string, unknown>) =>
  call(who, 'POST', api, { values: saveValues(values) });

/** An exception of its own with no threshold, for the threshold tests. */
async function freshException(): Promise<number> {
  const created = await create('admin', '/api/exceptions', records['/api/exceptions']?.() ?? {});
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

const threshold = (exceptionId: number, fields: Record<string, unknown> = {}) => ({
  exceptionId,
  severity: 'high',
  maxOccurrences: 20,
  windowMinutes: 10,
  escalationPolicyId: ids.policy,
  enabled: true,
  ...fields,
});

/** An edit each area's form allows: exceptions are triaged, the others switched off. */
const change = (api: string) => (api === '/api/exceptions' ? { status: 'acknowledged' } : { enabled: false });

describe('rights', () => {
  it('lets only the admin create, edit and delete; the viewer reads; editor and mapper get nothing', async () => {
    const exceptionId = await freshException();
    const all = [...AREAS, '/api/exceptionthresholds'];
    const valuesOf = (api: string) =>
      api === '/api/exceptionthresholds' ? threshold(exceptionId) : (records[api]?.() ?? {});
    for (const api of all) {
      const existing = await one(
        `SELECT min(id) AS id FROM ${
          {
            '/api/applications': 'em_applications',
            '/api/contacts': 'em_contacts',
            '/api/escalationpolicies': 'em_escalation_policies',
            '/api/exceptions': 'em_exceptions',
            '/api/exceptionthresholds': 'em_exception_thresholds',
          }[api]
        }`,
      );
      for (const who of ['viewer', 'mapper', 'editor']) {
        const what = `${who} ${api}`;
        expect((await create(who, api, valuesOf(api))).status, what).toBe(403);
        const edit = await call(who, 'PUT', `${api}/${existing}`, { values: saveValues(change(api)) });
        expect(edit.status, what).toBe(403);
        expect((await call(who, 'DELETE', `${api}/${existing}`)).status, what).toBe(403);
      }
      // Reading: the viewer may; the editor's and mapper's roles do not cover exception management.
      const list = api === '/api/exceptionthresholds' ? thresholdsOf(ids.exception as number) : api;
      expect((await call('viewer', 'GET', list)).status, api).toBe(200);
      expect((await call('viewer', 'GET', `${api}/${existing}`)).status, api).toBe(200);
      for (const who of ['editor', 'mapper']) {
        expect((await call(who, 'GET', list)).status, `${who} ${api}`).toBe(403);
        expect((await call(who, 'GET', `${api}/${existing}`)).status, `${who} ${api}`).toBe(403);
      }
      // Nothing was written by the refused calls.
      const stored = await call('admin', 'GET', `${api}/${existing}`);
      expect(stored.body.rowVersion, api).toBe(1);

      const created = await create('admin', api, valuesOf(api));
      expect(created.status, `${api} ${JSON.stringify(created.body)}`).toBe(201);
      const id = created.body.id as number;
      const edited = await call('admin', 'PUT', `${api}/${id}`, {
        values: saveValues({ ...change(api), rowVersion: 1 }),
      });
      expect(edited.status, `${api} ${JSON.stringify(edited.body)}`).toBe(200);
      expect((await call('admin', 'DELETE', `${api}/${id}`)).status, api).toBe(200);
    }
  });
});

describe('thresholds', () => {
  it('refuses a threshold of a missing exception, naming the field, and writes nothing', async () => {
    const before = await one('SELECT count(*) AS id FROM em_exception_thresholds');
    const refused = await create('admin', '/api/exceptionthresholds', threshold(2_000_000_000));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['exceptionId']);
    expect(await one('SELECT count(*) AS id FROM em_exception_thresholds')).toBe(before);
  });

  it('refuses a second threshold of one severity and values out of range, naming the field', async () => {
    const exceptionId = await freshException();
    expect((await create('admin', '/api/exceptionthresholds', threshold(exceptionId))).status).toBe(201);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'severity'],
      [{ severity: 'low', windowMinutes: 0 }, 'windowMinutes'],
      [{ severity: 'low', windowMinutes: 1441 }, 'windowMinutes'],
      [{ severity: 'low', maxOccurrences: 0 }, 'maxOccurrences'],
      [{ severity: 'urgent' }, 'severity'],
      [{ severity: 'low', escalationPolicyId: 2_000_000_000 }, 'escalationPolicyId'],
    ];
    for (const [fields, field] of cases) {
      const refused = await create('admin', '/api/exceptionthresholds', threshold(exceptionId, fields));
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(refused.body)).toContain(field);
    }
    expect(
      await one('SELECT count(*) AS id FROM em_exception_thresholds WHERE exception_id = $1', [exceptionId]),
    ).toBe(1);
  });

  it('lists the thresholds of the exception the address names', async () => {
    const { status, body } = await call('viewer', 'GET', thresholdsOf(ids.exception as number));
    expect(status).toBe(200);
    const rows = body.data as { exceptionId: number; exceptionName: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.exceptionId))).toEqual(new Set([ids.exception]));
  });
});

describe('escalation policies', () => {
  it('refuses levels out of order, without a delay or to the same person, naming the field', async () => {
    const base = records['/api/escalationpolicies']?.() ?? {};
    const cases: [Record<string, unknown>, string][] = [
      // The form asks for the delay once the second contact is chosen.
      [{ secondDelayMinutes: null }, 'secondDelayMinutes'],
      [{ secondContactId: ids.payments }, 'secondContactId'],
      [{ thirdContactId: ids.payments2, thirdDelayMinutes: 10 }, 'thirdDelayMinutes'],
      [{ thirdContactId: ids.duty, thirdDelayMinutes: 45 }, 'thirdContactId'],
      [{ repeatCount: 11 }, 'repeatCount'],
      [{ firstContactId: 2_000_000_000 }, 'firstContactId'],
    ];
    for (const [fields, field] of cases) {
      const refused = await create('admin', '/api/escalationpolicies', { ...base, ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(refused.body)).toContain(field);
    }
    const three = await create('admin', '/api/escalationpolicies', {
      ...base,
      thirdContactId: ids.payments2,
      thirdDelayMinutes: 45,
    });
    expect(three.status, JSON.stringify(three.body)).toBe(201);
  });
});

describe('deleting what others refer to', () => {
  it('deletes an exception together with its thresholds', async () => {
    const exceptionId = await freshException();
    for (const severity of ['medium', 'critical'])
      expect(
        (await create('admin', '/api/exceptionthresholds', threshold(exceptionId, { severity }))).status,
      ).toBe(201);
    const deleted = await call('admin', 'DELETE', `/api/exceptions/${exceptionId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(
      await one('SELECT count(*) AS id FROM em_exception_thresholds WHERE exception_id = $1', [exceptionId]),
    ).toBe(0);
    expect((await call('admin', 'GET', `/api/exceptions/${exceptionId}`)).status).toBe(404);
  });

  it('refuses to delete a contact a policy names, or an application with exceptions, and says so', async () => {
    const contact = await call('admin', 'DELETE', `/api/contacts/${ids.payments}`);
    expect(contact.status).toBe(409);
    expect(String(contact.body.message)).toMatch(/^The contact is still used by em escalation policies$/);
    const application = await call('admin', 'DELETE', `/api/applications/${ids.application}`);
    expect(application.status).toBe(409);
    expect(String(application.body.message)).toMatch(/^The application is still used by em exceptions$/);
    expect((await call('admin', 'GET', `/api/contacts/${ids.payments}`)).status).toBe(200);
  });
});

describe('what the threshold screens rely on', () => {
  it("gives the exceptions list a 'Config Thresholds' action to the exception's thresholds", async () => {
    const presets = (
      await call('viewer', 'GET', `/api/presets/user/${encodeURIComponent('BMTools/EMException/List')}`)
    ).body as unknown as { name: string; definition: string }[];
    const definition = JSON.parse(presets.find((p) => p.name === 'default')?.definition ?? '{}');
    expect(definition.rowActions).toContainEqual(
      expect.objectContaining({
        type: 'configThresholds',
        label: 'Config Thresholds',
        pageUrl: '/exceptionthreshold/list?exceptionId={id}',
        columnKey: 'id',
      }),
    );
  });

  it('publishes the threshold list as needing exceptionId, else the exceptions list', async () => {
    const { body } = await call('viewer', 'GET', '/api/app-routes');
    const routes = body.routes as { pattern: string; requiredParam?: unknown }[];
    expect(routes.find((r) => r.pattern === '/exceptionthreshold/list')?.requiredParam).toEqual({
      name: 'exceptionId',
      otherwise: '/exception/list',
    });
  });

  it("answers an exception's record with the name the threshold form shows", async () => {
    const { status, body } = await call('viewer', 'GET', `/api/exceptions/${ids.exception}`);
    expect(status).toBe(200);
    const { rows } = await db.query<{ name: string }>(
      `SELECT e.exception_type || ' · ' || a.name || ' (' || a.environment || ')' AS name
         FROM em_exceptions e JOIN em_applications a ON a.id = e.application_id WHERE e.id = $1`,
      [ids.exception],
    );
    expect(body.exceptionName).toBe(rows[0]?.name);
    // The threshold form's lookup shows the same name for the same id.
    const lookup = await call(
      'admin',
      'GET',
      `/api/dropdowns/em-exceptions?name=${encodeURIComponent(String(rows[0]?.name))}`,
    );
    expect(lookup.body.data).toContainEqual(
      expect.objectContaining({ id: ids.exception, name: rows[0]?.name }),
    );
  });
});

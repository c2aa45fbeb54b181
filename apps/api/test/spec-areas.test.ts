/**
 * The customer, money, monitoring, API-access, content and preset areas against the entity and
 * rights tables they were built from, transcribed here by hand (never read from the area index
 * under test): each area's screens, API path, heading and exactly its rights, its list's source,
 * its menu entry, demo rows, and what each role may do over real HTTP.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, startSignedIn } from './api-caller.ts';
import { inTestArea } from './only-area.ts';
import type { TestServer } from './test-server.ts';

interface Row {
  entity: string;
  route: string;
  api: string;
  label: string;
  /** Exactly the entity's rights (Map brings GetMap, which opens the map list). */
  rights: readonly string[];
  /** The screens with a preset besides the list. */
  screens: readonly ('Create' | 'Edit' | 'View')[];
  /** A screen guarded by another action's right (a payment is created with the Edit right). */
  screenRights?: Partial<Record<'Create' | 'Edit' | 'View', string>>;
  /** The editor's content areas. */
  content?: boolean;
}

const CRUDV = ['List', 'Edit', 'Delete', 'Create', 'View'];
const FIXTURE: readonly Row[] = [
  {
    entity: 'Review',
    route: 'review',
    api: '/api/review',
    label: 'Reviews',
    rights: ['List', 'Edit', 'View'],
    screens: ['Edit', 'View'],
    content: true,
  },
  {
    entity: 'OpenApiDocument',
    route: 'OpenApiDocument',
    api: '/api/OpenApiDocument',
    label: 'Open API documents',
    rights: ['List', 'Edit', 'Delete', 'Create'],
    screens: ['Create', 'Edit'],
  },
  {
    entity: 'AccountApiKey',
    route: 'accountapikey',
    api: '/api/accountapikey',
    label: 'Account API keys',
    rights: ['List', 'Edit', 'Delete', 'Create'],
    screens: ['Create', 'Edit'],
  },
  {
    entity: 'Insurance',
    route: 'insurance',
    api: '/api/insurance',
    label: 'Insurance',
    rights: ['List', 'View', 'Map', 'GetMap'],
    screens: ['View'],
  },
  {
    entity: 'CustomerReservation',
    route: 'customerreservation',
    api: '/api/customerReservations',
    label: 'Reservations (new)',
    rights: ['List', 'Edit', 'Delete', 'Create', 'Map', 'GetMap', 'View', 'SetIsActiveCustomer'],
    // The entity table names list and view; its rights give Create and Edit, so their forms exist.
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'EMApplication',
    route: 'application',
    api: '/api/applications',
    label: 'Applications',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'EMContact',
    route: 'contact',
    api: '/api/contacts',
    label: 'Contacts',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'EMEscalationPolicy',
    route: 'escalationpolicy',
    api: '/api/escalationpolicies',
    label: 'Escalation policies',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'EMException',
    route: 'exception',
    api: '/api/exceptions',
    label: 'Exceptions',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'EMExceptionThreshold',
    route: 'exceptionthreshold',
    api: '/api/exceptionthresholds',
    label: 'Exception thresholds',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'Payment',
    route: 'payment',
    api: '/api/payments',
    label: 'Payments',
    rights: ['List', 'Edit', 'View'],
    screens: ['Create', 'Edit', 'View'],
    screenRights: { Create: 'BMTools/Payment/Edit' },
  },
  {
    entity: 'CustomerReservationLog',
    route: 'customerreservationlog',
    api: '/api/customerreservationlogs',
    label: 'Reservation Summary',
    rights: ['List', 'View'],
    screens: ['View'],
  },
  {
    entity: 'ChargeBack',
    route: 'chargeback',
    api: '/api/chargeBacks',
    label: 'Chargebacks',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'PrepaidCredit',
    route: 'prepaidcredit',
    api: '/api/prepaidcredits',
    label: 'Prepaid credits',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'CustomerServiceCase',
    route: 'customerservicecase',
    api: '/api/customerservicecases',
    label: 'Customer service cases',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'ApiLogs',
    route: 'apilogs',
    api: '/api/ApiLogs',
    label: 'API logs',
    rights: ['List', 'View'],
    screens: ['View'],
  },
  {
    entity: 'PresetNew',
    route: 'presets-new',
    api: '/api/presetdynamics',
    label: 'Presets (new)',
    rights: ['List', 'Edit', 'Delete', 'View'],
    screens: ['Edit', 'View'],
  },
  {
    entity: 'Resource',
    route: 'resource',
    api: '/api/resources',
    label: 'Resources',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'TranslationResource',
    route: 'translationresource',
    api: '/api/translationresources',
    label: 'Translation resources',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
  {
    entity: 'TranslationInterception',
    route: 'translationinterception',
    api: '/api/translationinterceptions',
    label: 'Translation interceptions',
    rights: CRUDV,
    screens: ['Create', 'Edit', 'View'],
  },
];

/** The rows `npm run test:area` asks for (all of them otherwise). */
const ROWS = FIXTURE.filter((row) => inTestArea(row.entity));

let server: TestServer;
let db: pg.Client | undefined;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db?.end();
});

interface Route {
  pattern: string;
  right: string;
  label?: string;
  hasPreset?: boolean;
}

describe('screens, paths and rights as the tables give them', () => {
  it.each(ROWS.map((row) => [row.entity, row] as const))('%s', async (_entity, row) => {
    const routes = (await call('admin', 'GET', '/api/app-routes')).body.routes as Route[];
    const right = (action: string) => `BMTools/${row.entity}/${action}`;
    const list = routes.find((r) => r.pattern === `/${row.route}/list`);
    expect(list, 'list screen').toMatchObject({ right: right('List'), label: row.label, hasPreset: true });
    const paths = {
      Create: `/${row.route}/create`,
      Edit: `/${row.route}/edit/:id`,
      View: `/${row.route}/view/:id`,
    };
    for (const screen of ['Create', 'Edit', 'View'] as const) {
      const route = routes.find((r) => r.pattern === paths[screen]);
      if (row.screens.includes(screen)) {
        expect(route?.hasPreset, `${screen} screen`).toBe(true);
        expect(route?.right, `${screen} right`).toBe(row.screenRights?.[screen] ?? right(screen));
      } else {
        expect(route?.hasPreset ?? false, `no ${screen} screen`).toBe(false);
      }
    }

    // Exactly the table's rights, no more.
    const held = ((await call('admin', 'GET', '/api/userRights')).body as unknown as string[]).filter((r) =>
      r.startsWith(`BMTools/${row.entity}/`),
    );
    expect([...held].sort()).toEqual(row.rights.map(right).sort());

    const presets = (await call('admin', 'GET', `/api/presets/user/${encodeURIComponent(right('List'))}`))
      .body as unknown as { name: string; definition: string }[];
    const fallback = presets.find((p) => p.name === 'default');
    expect(JSON.parse(fallback?.definition ?? '{}').source).toBe(row.api);
    expect(JSON.stringify((await call('admin', 'GET', '/api/menu/json/1')).body)).toContain(
      `/${row.route}/list`,
    );
  });
});

describe('every role gets what the rights table gives it', () => {
  it.each(ROWS.map((row) => [row.entity, row] as const))('%s', async (_entity, row) => {
    for (const who of ['admin', 'viewer']) {
      const list = await call(who, 'GET', `${row.api}?pageSize=5`);
      expect(list.status, who).toBe(200);
      expect((list.body.data as unknown[]).length, `${who} sees demo rows`).toBeGreaterThan(0);
    }
    expect((await call('mapper', 'GET', `${row.api}?pageSize=1`)).status, 'mapper').toBe(403);
    expect((await call('editor', 'GET', `${row.api}?pageSize=1`)).status, 'editor').toBe(
      row.content ? 200 : 403,
    );
    const id = ((await call('admin', 'GET', `${row.api}?pageSize=1`)).body.data as { id: number }[])[0]?.id;
    // Where the area has the action, a role without its right is refused (403); where it has
    // not, the write is not offered to anyone (405). Either way nothing is written.
    const refused = (action: string) =>
      row.rights.includes(action) || (row.screenRights?.Create && action === 'Create') ? [403] : [405];
    for (const who of ['viewer', 'mapper']) {
      expect(refused('Create'), `${who} create`).toContain(
        (await call(who, 'POST', row.api, { values: [] })).status,
      );
      expect(refused('Edit'), `${who} edit`).toContain(
        (await call(who, 'PUT', `${row.api}/${id}`, { values: [] })).status,
      );
      expect(refused('Delete'), `${who} delete`).toContain(
        (await call(who, 'DELETE', `${row.api}/${id}`)).status,
      );
    }
    // Where the table gives no Delete (or no Create), not even the administrator has it.
    if (!row.rights.includes('Delete')) {
      const deleted = await call('admin', 'DELETE', `${row.api}/${id}`, { values: [] });
      expect(deleted.status, 'admin delete').toBeGreaterThanOrEqual(400);
      expect((await call('admin', 'GET', `${row.api}/${id}`)).status, 'still there').not.toBe(404);
    }
    if (!row.rights.includes('Create') && !row.screenRights?.Create) {
      expect(
        (await call('admin', 'POST', row.api, { values: [] })).status,
        'admin create',
      ).toBeGreaterThanOrEqual(400);
    }
  });
});

/**
 * One check for every route that stores a preset definition, over real HTTP (issue 37): the user
 * preset calls (`POST|PUT /api/presets/user`), the JSON preset editor (`PUT /api/presets/{id}`) and
 * the structured editor (`PUT /api/presetdynamics/{id}`, which stores a new version) all refuse,
 * with a 400 naming the field and nothing stored:
 * - a `source` that is not this list's own API path (another site, another list, any other path);
 * - a foreign stylesheet, a `javascript:` row action and values of the wrong type;
 * - a `post` or `download` row action to a path outside the list's own API or not one its area
 *   declares (a confused deputy: an admin's click would send the call with the admin's token).
 * Every preset the seed stores (the shipped defaults and the demo's shared presets) passes it.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPresetDefinition } from '../src/presets/preset-definition.ts';
import { apiCaller, saveValues, startSignedIn } from './api-caller.ts';
import type { TestServer } from './test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

const PAGE_LIST = 'BMTools/Page/List';
const EXPORT_LIST = 'BMTools/Export/List';
/** A Team preset of the pages list of this file's own, edited by the JSON editor below. */
let teamId = 0;
/** An editor's personal preset of the pages list, saved by PUT /api/presets/user/{id}. */
let personalId = 0;
/** Another, saved by the structured editor (each save there makes a new version). */
let dynamicId = 0;

/** A new Team preset of the pages list: a copy of its latest default. */
async function teamPreset(name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO presets (name, right_name, preset_group_id, definition, created_by)
     SELECT $2, right_name, g.id, definition, 'test' FROM presets, preset_groups g
      WHERE right_name = $1 AND presets.name = 'default' AND preset_group_id = 1 AND g.name = 'Team'
      ORDER BY version DESC LIMIT 1
     RETURNING id`,
    [PAGE_LIST, name],
  );
  return rows[0]?.id ?? 0;
}

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  teamId = await teamPreset('Issue 37 team view');
  dynamicId = await teamPreset('Issue 37 structured');
  const created = await createUserPreset('editor', pageDefinition(), 'Issue 37 personal');
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  personalId = Number(created.body.id);
});
afterAll(async () => {
  await db.end();
});

/** The shipped default definition of a right, with `change` laid over it. */
async function defaultOf(rightName: string): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ definition: Record<string, unknown> }>(
    `SELECT definition FROM presets WHERE right_name = $1 AND name = 'default' AND preset_group_id = 1
      ORDER BY version DESC LIMIT 1`,
    [rightName],
  );
  return rows[0]?.definition ?? {};
}

const pageDefinition = (change: Record<string, unknown> = {}) => ({
  source: '/api/pages',
  settings: { pageItems: 20 },
  definition: [{ key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true }],
  ...change,
});

const personalGroup = async (): Promise<number> => {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM preset_groups WHERE name = 'personal'`);
  return rows[0]?.id ?? 0;
};

async function createUserPreset(
  who: string,
  definition: unknown,
  name = `Issue 37 ${Date.now()}`,
  right = PAGE_LIST,
) {
  return call(who, 'POST', '/api/presets/user', {
    name,
    rightName: right,
    presetGroupId: await personalGroup(),
    definition: JSON.stringify(definition),
  });
}

const updateUserPreset = (definition: unknown) =>
  call('editor', 'PUT', `/api/presets/user/${personalId}`, {
    rightName: PAGE_LIST,
    definition: JSON.stringify(definition),
  });

/** Saves the Team preset through the JSON editor, with its current rowVersion. */
async function jsonEditorSave(definition: unknown) {
  const record = await call('admin', 'GET', `/api/presets/${teamId}`);
  expect(record.status).toBe(200);
  return call('admin', 'PUT', `/api/presets/${teamId}`, {
    storeProcedure: 'bm_preset_save',
    values: saveValues({
      id: teamId,
      definition: typeof definition === 'string' ? definition : JSON.stringify(definition),
      rowVersion: record.body.rowVersion,
    }),
  });
}

const storedDefinition = async (id: number): Promise<unknown> =>
  (await db.query<{ definition: unknown }>('SELECT definition FROM presets WHERE id = $1', [id])).rows[0]
    ?.definition;

/** Sources no preset of the pages list may fetch. */
const BAD_SOURCES = [
  'https://evil.example/api/pages',
  '//evil.example/api/pages',
  `${'http://localhost'}:1/api/pages`,
  '/api/notifications/get',
  '/api/reservations',
  '/api/pages/../notifications/get',
  '/api/pages?x=1',
  'api/pages',
];

describe('the presets the seed stores', () => {
  // First, before this file's own saves add versions.
  it('all pass the check: every shipped default and every demo shared preset', async () => {
    const { rows } = await db.query<{ id: number; right_name: string; definition: unknown }>(
      `SELECT id, right_name, definition FROM presets WHERE created_by IS DISTINCT FROM 'test'`,
    );
    expect(rows.length).toBeGreaterThan(100);
    const rules = { ownOrigin: server.baseUrl, redirectOrigins: [] };
    for (const row of rows) {
      expect(
        () => checkPresetDefinition(row.definition, row.right_name, rules),
        `${row.right_name}`,
      ).not.toThrow();
    }
  });
});

describe('a preset source is the list’s own API path', () => {
  it('is refused on POST /api/presets/user for another site, another list or any other path', async () => {
    for (const source of BAD_SOURCES) {
      const { status, body } = await createUserPreset('editor', pageDefinition({ source }));
      expect(status, source).toBe(400);
      expect(body.errors, source).toHaveProperty(['definition.source']);
    }
    expect((await createUserPreset('editor', pageDefinition())).status).toBe(201);
  });

  it('is refused on PUT /api/presets/user/{id}, and the stored preset is unchanged', async () => {
    const before = await storedDefinition(personalId);
    for (const source of BAD_SOURCES) {
      const { status, body } = await updateUserPreset(pageDefinition({ source }));
      expect(status, source).toBe(400);
      expect(body.errors, source).toHaveProperty(['definition.source']);
    }
    expect(await storedDefinition(personalId)).toEqual(before);
    expect((await updateUserPreset(pageDefinition({ settings: { pageItems: 30 } }))).status).toBe(200);
  });

  it('is refused on PUT /api/presets/{id} (the JSON preset editor), and nothing is stored', async () => {
    const before = await storedDefinition(teamId);
    for (const source of BAD_SOURCES) {
      const { status, body } = await jsonEditorSave({ ...(await defaultOf(PAGE_LIST)), source });
      expect(status, source).toBe(400);
      expect(body.errors, source).toHaveProperty(['definition.source']);
    }
    expect(await storedDefinition(teamId)).toEqual(before);
    const fine = await jsonEditorSave({ ...(await defaultOf(PAGE_LIST)), settings: { pageItems: 40 } });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });

  it('cannot be created through the presets area, which has no create route', async () => {
    const { rows: before } = await db.query('SELECT count(*)::int AS n FROM presets');
    const { status } = await call('admin', 'POST', '/api/presets', {
      storeProcedure: 'bm_preset_save',
      values: saveValues({
        name: 'Created here',
        rightName: PAGE_LIST,
        definition: JSON.stringify(pageDefinition({ source: 'https://evil.example/api/pages' })),
      }),
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect((await db.query('SELECT count(*)::int AS n FROM presets')).rows).toEqual(before);
  });

  it('is refused on PUT /api/presetdynamics/{id}, whose save creates the next version', async () => {
    const { rows: before } = await db.query('SELECT count(*)::int AS n FROM presets');
    for (const source of ['/api/notifications/get', '/api/reservations', '/api/pages-x']) {
      const record = await call('admin', 'GET', `/api/presetdynamics/${dynamicId}`);
      const { status, body } = await call('admin', 'PUT', `/api/presetdynamics/${dynamicId}`, {
        storeProcedure: 'bm_preset_dynamic_save',
        values: saveValues({ id: dynamicId, source, rowVersion: record.body.rowVersion }),
      });
      expect(status, `${source}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.errors, source).toHaveProperty(['definition.source']);
      // And under the form's own field.
      expect(body.errors?.source, source).toMatch(/own API path/);
    }
    expect((await db.query('SELECT count(*)::int AS n FROM presets')).rows).toEqual(before);
  });
});

describe('the JSON preset editor checks a definition as the user preset calls do', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a foreign stylesheet', { cssUrl: 'https://evil.example/x.css' }, 'definition.cssUrl'],
    [
      'a javascript: row action',
      { rowActions: [{ type: 'open', label: 'Open', pageUrl: 'javascript:alert(1)' }] },
      'definition.rowActions.0.pageUrl',
    ],
    [
      'a foreign row action',
      { rowActions: [{ type: 'open', label: 'Open', pageUrl: 'https://evil.example/{id}' }] },
      'definition.rowActions.0.pageUrl',
    ],
    ['settings of the wrong type', { settings: { pageItems: 'many' } }, 'definition.settings.pageItems'],
    ['row actions that are not a list', { rowActions: { type: 'view' } }, 'definition.rowActions'],
    ['a column without its keys', { definition: [{ key: 'id' }] }, 'definition.definition.0.mapKey'],
  ];

  it.each(cases)('refuses %s with a 400 naming the field, storing nothing', async (_name, change, field) => {
    const before = await storedDefinition(teamId);
    const { status, body } = await jsonEditorSave({ ...(await defaultOf(PAGE_LIST)), ...change });
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.errors).toHaveProperty([field]);
    // The form shows it under its Definition field.
    expect(body.errors?.definition).toContain(field);
    expect(await storedDefinition(teamId)).toEqual(before);
    // The same body through the user preset call gets the same answer.
    const user = await createUserPreset('editor', { ...pageDefinition(), ...change });
    expect(user.status).toBe(400);
    expect(user.body.errors).toHaveProperty([field]);
  });

  it('refuses text that is not JSON', async () => {
    const { status, body } = await jsonEditorSave('{nope');
    expect(status).toBe(400);
    expect(body.errors).toHaveProperty(['definition']);
  });
});

describe('post and download row actions call the list’s own declared API only', () => {
  const posting = (pageUrl: string, type: 'post' | 'download' = 'post') => ({
    rowActions: [{ type, label: 'View', pageUrl, columnKey: 'id' }],
  });

  it('refuses a post to another API path under any label, on every save route', async () => {
    for (const pageUrl of [
      '/api/notifications/makeAllAsRead',
      '/api/pages/../notifications/makeAllAsRead',
      '/api/pages/%2e%2e/notifications/makeAllAsRead',
      '/api/pages/{id}/publish',
      'https://evil.example/api/pages/{id}',
    ]) {
      const user = await createUserPreset('editor', pageDefinition(posting(pageUrl)));
      expect(user.status, pageUrl).toBe(400);
      expect(user.body.errors, pageUrl).toHaveProperty(['definition.rowActions.0.pageUrl']);
      const update = await updateUserPreset(pageDefinition(posting(pageUrl, 'download')));
      expect(update.status, pageUrl).toBe(400);
      expect(update.body.errors, pageUrl).toHaveProperty(['definition.rowActions.0.pageUrl']);
      const editor = await jsonEditorSave({ ...(await defaultOf(PAGE_LIST)), ...posting(pageUrl) });
      expect(editor.status, pageUrl).toBe(400);
      expect(editor.body.errors, pageUrl).toHaveProperty(['definition.rowActions.0.pageUrl']);
    }
  });

  it('refuses the structured editor a post row action off the list’s API', async () => {
    const record = await call('admin', 'GET', `/api/presetdynamics/${dynamicId}`);
    const { status, body } = await call('admin', 'PUT', `/api/presetdynamics/${dynamicId}`, {
      storeProcedure: 'bm_preset_dynamic_save',
      values: saveValues({
        id: dynamicId,
        rowActions: JSON.stringify(posting('/api/notifications/makeAllAsRead').rowActions),
        rowVersion: record.body.rowVersion,
      }),
    });
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.errors).toHaveProperty(['definition.rowActions.0.pageUrl']);
    expect(body.errors?.rowActions).toMatch(/own API/);
  });

  it('keeps the exports list’s declared calls, and refuses an undeclared one under its API', async () => {
    const exports = await defaultOf(EXPORT_LIST);
    const declared = await createUserPreset('admin', exports, `Issue 37 exports ${Date.now()}`, EXPORT_LIST);
    expect(declared.status, JSON.stringify(declared.body)).toBe(201);
    const undeclared = await createUserPreset(
      'admin',
      { ...exports, rowActions: [{ type: 'post', label: 'Cancel', pageUrl: '/api/exports/{id}/delete' }] },
      `Issue 37 exports ${Date.now()}`,
      EXPORT_LIST,
    );
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.errors?.['definition.rowActions.0.pageUrl']).toMatch(/declares/);
  });
});

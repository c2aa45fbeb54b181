/**
 * Presets (new) over real HTTP: the structured editor lists current shared presets, saves a new
 * version that takes the old one's place for every screen and user, refuses a part that would
 * break a screen or lead off the site, never saves a shipped default, and brings the previous
 * version back when the newest is deleted. Rights: List, View, Edit and Delete; no Create.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db.end();
});

const API = '/api/presetdynamics';
const PAGE_LIST = 'BMTools/Page/List';

/** The demo's shared preset of the pages list, as the editor reads it. */
async function teamPreset(): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM v_preset_dynamics WHERE "rightName" = $1 AND "presetGroupName" = 'Team'`,
    [PAGE_LIST],
  );
  const id = rows[0]?.id;
  expect(id, 'the demo has a Team preset of the pages list').toBeDefined();
  const { status, body } = await call('admin', 'GET', `${API}/${id}`);
  expect(status).toBe(200);
  return body;
}

const save = (who: string, id: unknown, values: Record<string, unknown>) =>
  call(who, 'PUT', `${API}/${String(id)}`, {
    storeProcedure: 'bm_preset_dynamic_save',
    values: saveValues(values),
  });

describe('the structured preset editor', () => {
  it('lists the current shared presets with their screen, source and size', async () => {
    const { status, body } = await call('admin', 'GET', `${API}?pageSize=200`);
    expect(status).toBe(200);
    const rows = body.data as Record<string, unknown>[];
    const pages = rows.find((r) => r.rightName === PAGE_LIST && r.name === 'default');
    expect(pages).toMatchObject({ screen: 'List', source: '/api/pages', presetGroupName: 'default' });
    expect(Number(pages?.columnCount)).toBeGreaterThan(3);
    // Of a shipped default only the latest version is listed.
    const defaults = rows.filter((r) => r.rightName === PAGE_LIST && r.name === 'default');
    expect(defaults).toHaveLength(1);
    const { rows: latest } = await db.query<{ version: number }>(
      `SELECT max(version) AS version FROM presets WHERE right_name = $1 AND name = 'default'`,
      [PAGE_LIST],
    );
    expect(defaults[0]?.version).toBe(latest[0]?.version);
  });

  it('reads a preset as its parts, each JSON text', async () => {
    const preset = await teamPreset();
    expect(JSON.parse(String(preset.columns))).toBeInstanceOf(Array);
    expect(JSON.parse(String(preset.settings))).toMatchObject({ pageItems: 50 });
    expect(preset.source).toBe('/api/pages');
    expect(preset.rowVersion).toBeTypeOf('number');
  });

  it('saves a new version that replaces the old one for every user, and moves the form to it', async () => {
    const preset = await teamPreset();
    // The viewer had the team preset in use: after the save they have the new version in use.
    const change = await call('viewer', 'POST', '/api/presets/user/change', {
      id: preset.id,
      rightName: PAGE_LIST,
    });
    expect(change.status, JSON.stringify(change.body)).toBeLessThan(300);
    const settings = { ...JSON.parse(String(preset.settings)), pageItems: 100 };
    const saved = await save('admin', preset.id, {
      id: preset.id,
      name: 'Hundred pages a screen',
      settings: JSON.stringify(settings),
      rowVersion: preset.rowVersion,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.isSuccess).toBe(true);
    const newId = saved.body.id as number;
    expect(newId).not.toBe(preset.id);
    expect(saved.body.message).toBe(`Preset saved as version ${Number(preset.version) + 1}`);

    expect((await call('admin', 'GET', `${API}/${String(preset.id)}`)).status).toBe(404);
    const current = (await call('admin', 'GET', `${API}/${newId}`)).body;
    expect(current).toMatchObject({ name: 'Hundred pages a screen', version: Number(preset.version) + 1 });
    const { rows } = await db.query<{ parent_id: number; superseded_by: number | null }>(
      'SELECT parent_id, superseded_by FROM presets WHERE id = $1',
      [newId],
    );
    expect(rows[0]).toEqual({ parent_id: preset.id, superseded_by: null });

    const visible = (await call('viewer', 'GET', `/api/presets/user/${encodeURIComponent(PAGE_LIST)}`))
      .body as unknown as { id: number; isInUse: boolean; definition: string }[];
    expect(visible.map((p) => p.id)).toContain(newId);
    expect(visible.map((p) => p.id)).not.toContain(preset.id);
    const inUse = visible.find((p) => p.isInUse);
    expect(inUse?.id).toBe(newId);
    expect(JSON.parse(inUse?.definition ?? '{}').settings.pageItems).toBe(100);

    // The old version is history: saving it again is a conflict, not a second branch.
    const stale = await save('admin', preset.id, {
      id: preset.id,
      name: 'Branch',
      rowVersion: preset.rowVersion,
    });
    expect(stale.status).toBe(409);

    // Deleting the newest version brings the one before back, for its users too.
    const deleted = await call('admin', 'DELETE', `${API}/${newId}`, {
      storeProcedure: 'bm_preset_dynamic_delete',
      values: saveValues({ id: newId }),
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await call('admin', 'GET', `${API}/${String(preset.id)}`)).status).toBe(200);
    const back = (await call('viewer', 'GET', `/api/presets/user/${encodeURIComponent(PAGE_LIST)}`))
      .body as unknown as { id: number; isInUse: boolean }[];
    expect(back.find((p) => p.isInUse)?.id).toBe(preset.id);
  });

  it('refuses a part that would break a screen or lead off the site, and stores nothing', async () => {
    const preset = await teamPreset();
    const before = await db.query('SELECT count(*)::int AS n FROM presets');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ columns: '{"key": "x"}' }, 'columns', /columns/],
      [{ columns: '[{"key": "x"}]' }, 'columns', /at 0/],
      [{ settings: '{"pageItems": "many"}' }, 'settings', /pageItems/],
      [
        { rowActions: '[{"type": "open", "label": "Out", "pageUrl": "https://evil.example/x"}]' },
        'rowActions',
        /within the app/,
      ],
      [{ actions: '{"edit": {"RedirectUrl": "javascript:alert(1)"}}' }, 'actions', /within the app/],
      [{ tabs: 'not json' }, 'tabs', /valid JSON/],
      [{ source: 'https://evil.example/api' }, 'source', /API path/],
      [{ name: '' }, 'name', /preset name is required/],
    ];
    for (const [values, field, message] of cases) {
      const { status, body } = await save('admin', preset.id, {
        id: preset.id,
        rowVersion: preset.rowVersion,
        ...values,
      });
      expect(status, `${field}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.errors?.[field], field).toMatch(message);
    }
    expect((await db.query('SELECT count(*)::int AS n FROM presets')).rows).toEqual(before.rows);
  });

  it('never saves or deletes a shipped default', async () => {
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM v_preset_dynamics WHERE "rightName" = $1 AND name = 'default'`,
      [PAGE_LIST],
    );
    const id = rows[0]?.id;
    const { rowVersion } = (await call('admin', 'GET', `${API}/${id}`)).body;
    const saved = await save('admin', id, { id, name: 'Mine now', rowVersion });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toMatch(/changed by shipping/);
    const deleted = await call('admin', 'DELETE', `${API}/${id}`, {
      storeProcedure: 'bm_preset_dynamic_delete',
      values: saveValues({ id }),
    });
    expect(deleted.status).toBe(404);
    expect((await call('admin', 'GET', `${API}/${id}`)).status).toBe(200);
  });

  it('holds List, View, Edit and Delete rights, and has no Create', async () => {
    const preset = await teamPreset();
    const rights = (await call('admin', 'GET', '/api/userRights')).body as unknown as string[];
    for (const action of ['List', 'View', 'Edit', 'Delete'])
      expect(rights).toContain(`BMTools/PresetNew/${action}`);
    expect(rights).not.toContain('BMTools/PresetNew/Create');
    const created = await call('admin', 'POST', API, {
      storeProcedure: 'bm_preset_dynamic_save',
      values: saveValues({ name: 'New' }),
    });
    expect(created.status).toBeGreaterThanOrEqual(400);
    expect((await call('viewer', 'GET', `${API}?pageSize=1`)).status).toBe(200);
    expect((await save('viewer', preset.id, { id: preset.id, name: 'x' })).status).toBe(403);
    expect((await call('viewer', 'DELETE', `${API}/${String(preset.id)}`)).status).toBe(403);
    expect((await call('editor', 'GET', `${API}?pageSize=1`)).status).toBe(403);
  });
});

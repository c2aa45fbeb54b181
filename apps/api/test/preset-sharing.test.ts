/**
 * Views shared in a group, over real HTTP: the person who saved one may rename, update and delete
 * it even where their group flags would not let them change others' views (the editor in Team may
 * write and edit there, not delete); everyone else keeps to the group's flags, and the answer says
 * who saved it (`savedByYou`) so the browser offers only what the server allows.
 */
import type { Preset } from '@bm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from './api-caller.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const PAGE_LIST = 'BMTools/Page/List';
const TEAM = 3;

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['editor', 'viewer', 'mapper']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});

const call = apiCaller(() => server.baseUrl, tokens);
const definition = JSON.stringify({
  source: '/api/pages',
  settings: { pageItems: 20 },
  definition: [{ key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true }],
});
const seen = async (who: string, id: number): Promise<Preset | undefined> =>
  (
    (await call(who, 'GET', `/api/presets/user/${encodeURIComponent(PAGE_LIST)}`)).body as unknown as Preset[]
  ).find((p) => p.id === id);

describe('a shared view and the person who saved it', () => {
  it('lets its saver rename, update and delete it; others keep to their group flags', async () => {
    const created = await call('editor', 'POST', '/api/presets/user', {
      name: 'Dutch pages',
      rightName: PAGE_LIST,
      presetGroupId: TEAM,
      definition,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await seen('editor', id)).toMatchObject({ name: 'Dutch pages', savedByYou: true });
    expect(await seen('viewer', id)).toMatchObject({ name: 'Dutch pages', savedByYou: false });

    // The viewer reads Team but may not edit or delete there, and did not save the view.
    const byViewer = await call('viewer', 'PUT', `/api/presets/user/${id}`, {
      name: 'Taken over',
      rightName: PAGE_LIST,
      definition,
    });
    expect(byViewer.status).toBe(403);
    expect((await call('viewer', 'DELETE', '/api/presets/user', { id, rightName: PAGE_LIST })).status).toBe(
      403,
    );

    // Its saver renames and updates it.
    const renamed = await call('editor', 'PUT', `/api/presets/user/${id}`, {
      name: 'Dutch pages, by priority',
      rightName: PAGE_LIST,
      definition: definition.replace('"pageItems":20', '"pageItems":50'),
    });
    expect(renamed.status).toBe(200);
    const after = await seen('viewer', id);
    expect(after?.name).toBe('Dutch pages, by priority');
    expect(JSON.parse(after?.definition ?? '{}').settings.pageItems).toBe(50);
    const reserved = await call('editor', 'PUT', `/api/presets/user/${id}`, {
      name: 'default',
      rightName: PAGE_LIST,
      definition,
    });
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors).toHaveProperty('name');

    // Team does not let the editor delete views; the one they saved they may.
    const { rows } = await server.db.query<{ can_delete: boolean }>(
      `SELECT can_delete FROM preset_group_rights r JOIN roles o ON o.id = r.role_id
        WHERE r.group_id = $1 AND o.name = 'editor'`,
      [TEAM],
    );
    expect(rows[0]?.can_delete).toBe(false);
    expect((await call('editor', 'DELETE', '/api/presets/user', { id, rightName: PAGE_LIST })).status).toBe(
      204,
    );
    expect(await seen('viewer', id)).toBeUndefined();
  });

  it('does not show a shared view to an account outside its group, nor let it be changed', async () => {
    const created = await call('editor', 'POST', '/api/presets/user', {
      name: 'Team only',
      rightName: PAGE_LIST,
      presetGroupId: TEAM,
      definition,
    });
    const id = created.body.id as number;
    // The mapper reads Team but holds no Page/List right: the view is not among its presets.
    expect(await seen('mapper', id)).toBeUndefined();
    const refused = await call('mapper', 'PUT', `/api/presets/user/${id}`, {
      name: 'x',
      rightName: PAGE_LIST,
      definition,
    });
    expect(refused.status).toBe(403);
  });
});

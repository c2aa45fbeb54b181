import type { Preset, PresetDefinition } from '@bm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const PAGE_LIST = 'BMTools/Page/List';

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'editor', 'mapper', 'viewer']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});

const call = (who: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const presetsOf = async (who: string, right = PAGE_LIST): Promise<Preset[]> =>
  (await (await call(who, 'GET', `/api/presets/user/${encodeURIComponent(right)}`)).json()) as Preset[];

const definition = (pageItems = 50): string => {
  const d: Partial<PresetDefinition> = {
    source: '/api/pages',
    settings: { pageItems },
    definition: [{ key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true }],
  };
  return JSON.stringify(d);
};

async function create(who: string, body: Record<string, unknown>) {
  const response = await call(who, 'POST', '/api/presets/user', {
    rightName: PAGE_LIST,
    definition: definition(),
    ...body,
  });
  return { status: response.status, body: (await response.json()) as Preset & { message: string } };
}

describe('reading presets', () => {
  it('gives the default preset of a right, in use, preferring the latest version', async () => {
    const v2 = JSON.stringify({ source: '/api/pages', settings: { pageItems: 10 }, definition: [] });
    await server.db.query(
      `INSERT INTO presets (name, right_name, preset_group_id, version, definition) VALUES ('default', $1, 1, 2, $2)`,
      [PAGE_LIST, v2],
    );
    const presets = await presetsOf('viewer');
    const defaults = presets.filter((p) => p.name === 'default');
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject({ version: 2, latestVersion: true, isInUse: true, presetGroupId: 1 });
    expect(JSON.parse(defaults[0]?.definition ?? '{}').settings.pageItems).toBe(10);
    await server.db.query(`DELETE FROM presets WHERE right_name = $1 AND version = 2`, [PAGE_LIST]);
  });

  it('offers only readable groups, personal always, never the system group', async () => {
    const groups = async (who: string) =>
      (
        (await (await call(who, 'GET', '/api/presets/group')).json()) as Array<{
          name: string;
          write: boolean;
        }>
      ).map((g) => `${g.name}:${g.write}`);
    expect(await groups('editor')).toEqual(['personal:true', 'Team:true']);
    expect(await groups('viewer')).toEqual(['personal:true', 'Team:false']);
    expect(await groups('mapper')).toEqual(['personal:true', 'Team:false', 'Operations:true']);
  });

  it('shows nothing for a right the caller does not hold', async () => {
    expect(await presetsOf('mapper')).toEqual([]);
    const all = (await (await call('mapper', 'GET', '/api/presets/user')).json()) as Preset[];
    expect(all.filter((p) => p.rightName === PAGE_LIST)).toEqual([]);
  });
});

describe('creating presets', () => {
  it('refuses without a name or a group, with the spec messages', async () => {
    expect(await create('editor', { presetGroupId: 2 })).toMatchObject({
      status: 400,
      body: { message: 'preset name is required' },
    });
    expect(await create('editor', { name: '  ', presetGroupId: 2 })).toMatchObject({
      status: 400,
      body: { message: 'preset name is required' },
    });
    expect(await create('editor', { name: 'Mine' })).toMatchObject({
      status: 400,
      body: { message: 'preset group is required' },
    });
    expect(await create('editor', { name: 'Mine', presetGroupId: 99 })).toMatchObject({
      status: 404,
      body: { message: 'The preset group does not exist' },
    });
  });

  it('never lets anyone overwrite the default through create', async () => {
    expect(await create('admin', { name: 'default', presetGroupId: 1 })).toMatchObject({
      status: 403,
      body: { message: 'The default preset cannot be overwritten' },
    });
  });

  it('validates the definition against the schema', async () => {
    const bad = await create('editor', {
      name: 'Bad',
      presetGroupId: 2,
      definition: '{"definition":[{"key":"id"}]}',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('definition');
    const notJson = await create('editor', { name: 'Bad', presetGroupId: 2, definition: '{nope' });
    expect(notJson).toMatchObject({ status: 400, body: { message: 'definition is not valid JSON' } });
  });

  it('keeps one state preset per user and right, updated in place and in use', async () => {
    const first = await create('viewer', { name: 'state', presetGroupId: 1, definition: definition(10) });
    expect(first.status).toBe(201);
    const second = await create('viewer', { name: 'state', presetGroupId: 1, definition: definition(100) });
    expect(second.body.id).toBe(first.body.id);
    const mine = await presetsOf('viewer');
    expect(mine.filter((p) => p.name === 'state')).toHaveLength(1);
    expect(mine.filter((p) => p.isInUse).map((p) => p.name)).toEqual(['state']);
    // Another user's list holds no trace of it.
    expect((await presetsOf('editor')).some((p) => p.id === first.body.id)).toBe(false);
  });

  it('needs the group’s write right', async () => {
    expect((await create('viewer', { name: 'Shared', presetGroupId: 3 })).status).toBe(403);
    expect((await create('editor', { name: 'Ops', presetGroupId: 4 })).status).toBe(403);
    const shared = await create('editor', { name: 'Shared view', presetGroupId: 3 });
    expect(shared.status).toBe(201);
    expect((await presetsOf('viewer')).map((p) => p.name)).toContain('Shared view');
  });

  it('needs the right the preset is for', async () => {
    expect((await create('mapper', { name: 'Sneaky', presetGroupId: 2 })).status).toBe(403);
  });
});

describe('saving, switching and deleting', () => {
  it('saves a personal preset and refuses to overwrite or delete the default', async () => {
    const mine = await create('editor', { name: 'Wide', presetGroupId: 2 });
    const saved = await call('editor', 'PUT', `/api/presets/user/${mine.body.id}`, {
      id: mine.body.id,
      rightName: PAGE_LIST,
      name: 'Wider',
      definition: definition(200),
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Preset).name).toBe('Wider');

    const def = (await presetsOf('editor')).find((p) => p.name === 'default') as Preset;
    const overwrite = await call('admin', 'PUT', `/api/presets/user/${def.id}`, {
      rightName: PAGE_LIST,
      definition: definition(),
    });
    expect(overwrite.status).toBe(403);
    expect(await overwrite.json()).toEqual({ message: 'The default preset cannot be overwritten' });
    const remove = await call('admin', 'DELETE', '/api/presets/user', { id: def.id, rightName: PAGE_LIST });
    expect(remove.status).toBe(403);
    expect(await remove.json()).toEqual({ message: 'The default preset cannot be deleted' });
  });

  it('switches the in-use preset, exactly one at a time', async () => {
    const a = await create('admin', { name: 'A', presetGroupId: 2 });
    const def = (await presetsOf('admin')).find((p) => p.name === 'default') as Preset;
    const change = await call('admin', 'POST', '/api/presets/user/change', {
      id: def.id,
      rightName: PAGE_LIST,
    });
    expect(change.status).toBe(200);
    let inUse = (await presetsOf('admin')).filter((p) => p.isInUse);
    expect(inUse.map((p) => p.id)).toEqual([def.id]);
    await call('admin', 'POST', '/api/presets/user/change', { id: a.body.id, rightName: PAGE_LIST });
    inUse = (await presetsOf('admin')).filter((p) => p.isInUse);
    expect(inUse.map((p) => p.id)).toEqual([a.body.id]);
  });

  it('group presets need the group’s edit and delete rights', async () => {
    const shared = (await presetsOf('viewer')).find((p) => p.name === 'Shared view') as Preset;
    const body = { rightName: PAGE_LIST, definition: definition() };
    expect((await call('viewer', 'PUT', `/api/presets/user/${shared.id}`, body)).status).toBe(403);
    expect(
      (await call('viewer', 'DELETE', '/api/presets/user', { id: shared.id, rightName: PAGE_LIST })).status,
    ).toBe(403);
    expect((await call('editor', 'PUT', `/api/presets/user/${shared.id}`, body)).status).toBe(200);
    // The editor may edit in Team but not delete there: not a view someone else saved (the one the
    // editor saved, they may; preset-sharing.test.ts).
    const others = await create('admin', { name: 'Saved by admin', presetGroupId: 3 });
    expect(
      (await call('editor', 'DELETE', '/api/presets/user', { id: others.body.id, rightName: PAGE_LIST }))
        .status,
    ).toBe(403);
    for (const id of [shared.id, others.body.id])
      expect((await call('admin', 'DELETE', '/api/presets/user', { id, rightName: PAGE_LIST })).status).toBe(
        204,
      );
  });

  it('never lets a second user read, change, switch to or delete the first user’s presets', async () => {
    const own = await create('editor', { name: 'Private', presetGroupId: 2 });
    const state = await create('editor', { name: 'state', presetGroupId: 1 });
    for (const id of [own.body.id, state.body.id]) {
      const responses = [
        await call('admin', 'PUT', `/api/presets/user/${id}`, {
          rightName: PAGE_LIST,
          definition: definition(),
        }),
        await call('admin', 'DELETE', '/api/presets/user', { id, rightName: PAGE_LIST }),
        await call('admin', 'POST', '/api/presets/user/change', { id, rightName: PAGE_LIST }),
        await call('viewer', 'PUT', `/api/presets/user/${id}`, {
          rightName: PAGE_LIST,
          definition: definition(),
        }),
      ];
      expect(responses.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    }
    expect((await presetsOf('editor')).some((p) => p.id === own.body.id)).toBe(true);
  });

  it('refuses to delete the last preset of a right', async () => {
    const lone = await create('viewer', { name: 'Lone', presetGroupId: 2 });
    await call('viewer', 'DELETE', '/api/presets/user', {
      id: (await presetsOf('viewer')).find((p) => p.name === 'state')?.id,
      rightName: PAGE_LIST,
    });
    await server.db.query(
      `UPDATE presets SET right_name = 'moved' WHERE name = 'default' AND right_name = $1`,
      [PAGE_LIST],
    );
    await server.db.query(`DELETE FROM presets WHERE right_name = $1 AND owner_email IS NULL`, [PAGE_LIST]);
    const response = await call('viewer', 'DELETE', '/api/presets/user', {
      id: lone.body.id,
      rightName: PAGE_LIST,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'You can not detele the last preset' });
    await server.db.query(
      `UPDATE presets SET right_name = $1 WHERE name = 'default' AND right_name = 'moved'`,
      [PAGE_LIST],
    );
  });
});

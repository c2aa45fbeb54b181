/**
 * One sync rule for the shipped default presets (docs/adr/0025-one-sync-rule.md): a preset whose
 * content changed reaches an existing database at the next sync as a new version, found by the hash
 * of its content with no version number to raise, and saves are then checked against it; presets
 * staff made or changed stay as they are; a sync with nothing changed writes nothing; two syncs at
 * once write one version. The changed catalogue is handed to `syncCatalog` as the start would hand
 * it the shipped one.
 */
import type { Preset, PresetDefinition } from '@bm/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRESETS, type DefaultPresetSpec } from '../catalog/presets/default-presets.ts';
import { syncCatalog } from '../src/catalog/sync-catalog.ts';
import { presetHash } from '../src/catalog/sync-presets.ts';
import { apiCaller, saveValues, startSignedIn } from './api-caller.ts';
import type { TestServer } from './test-server.ts';

const PAGE_LIST = 'BMTools/Page/List';
const PAGE_CREATE = 'BMTools/Page/Create';
const PAGE_EDIT = 'BMTools/Page/Edit';
const PAGE_VIEW = 'BMTools/Page/View';
const NEEDS_TITLE = 'A page needs a title now';

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

interface DefaultRow {
  id: number;
  version: number;
  definition: PresetDefinition;
  catalogue_hash: string | null;
}

/** Every stored version of a right's shipped default, oldest first. */
const defaultsOf = async (rightName: string): Promise<DefaultRow[]> =>
  (
    await db.query<DefaultRow>(
      `SELECT id, version, definition, catalogue_hash FROM presets
        WHERE name = 'default' AND preset_group_id = 1 AND right_name = $1 ORDER BY version`,
      [rightName],
    )
  ).rows;

/** Every preset row with its row version (xmin): any insert, update or delete changes the list. */
const allRows = async () =>
  (await db.query<{ id: number; xmin: string }>('SELECT id, xmin::text AS xmin FROM presets ORDER BY id'))
    .rows;

const shipped = (rightName: string): PresetDefinition => {
  const preset = DEFAULT_PRESETS.find((p) => p.rightName === rightName);
  if (!preset) throw new Error(`no shipped preset for ${rightName}`);
  return preset.definition;
};

/** The shipped catalogue with one right's preset changed, as a manifest change would change it. */
const catalogueWith = (
  rightName: string,
  change: (definition: PresetDefinition) => PresetDefinition,
): DefaultPresetSpec[] =>
  DEFAULT_PRESETS.map((p) =>
    p.rightName === rightName ? { rightName, definition: change(structuredClone(p.definition)) } : p,
  );

/** A column's label changed, and any more of its spec laid over it. */
const relabel =
  (
    key: string,
    label: string,
    more: (column: PresetDefinition['definition'][number]) => object = () => ({}),
  ) =>
  (definition: PresetDefinition): PresetDefinition => ({
    ...definition,
    definition: definition.definition.map((c) => (c.key === key ? { ...c, column: label, ...more(c) } : c)),
  });

/** A save of a new page without its name: refused by the form check, so nothing is created. */
const pageSaveErrors = async (): Promise<Record<string, string>> => {
  const { status, body } = await call('admin', 'POST', '/api/pages', {
    values: saveValues({ url: '/car-hire/issue-38', languageCode: 'en', status: 'draft' }),
  });
  expect(status).toBe(400);
  return body.errors ?? {};
};

describe('one sync rule for the shipped default presets', () => {
  it('brings a changed default preset into an existing database at the next sync, and checks saves by it', async () => {
    const before = await defaultsOf(PAGE_CREATE);
    expect(before.at(-1)?.catalogue_hash).toBe(presetHash(shipped(PAGE_CREATE)));
    expect(await pageSaveErrors()).not.toHaveProperty('title');

    // The manifest's title field gains a label and a rule; nobody raises a number.
    const catalogue = catalogueWith(
      PAGE_CREATE,
      relabel('title', 'Page title', (c) => ({
        create: { ...c.create, validations: [{ name: 'required', message: NEEDS_TITLE }] },
      })),
    );
    await syncCatalog(server.db, catalogue);

    const after = await defaultsOf(PAGE_CREATE);
    expect(after).toHaveLength(before.length + 1);
    // The version a screen may have open is kept as it was; the new one is the next number.
    expect(after.slice(0, -1)).toEqual(before);
    const newest = after.at(-1) as DefaultRow;
    expect(newest.version).toBe((before.at(-1)?.version ?? 0) + 1);
    expect(newest.catalogue_hash).toBe(
      presetHash(catalogue.find((p) => p.rightName === PAGE_CREATE)?.definition),
    );
    expect(newest.definition.definition.find((c) => c.key === 'title')?.column).toBe('Page title');

    // The running server now shows the new screen and checks saves by the new rule.
    const presets = (await call('admin', 'GET', `/api/presets/user/${encodeURIComponent(PAGE_CREATE)}`))
      .body as unknown as Preset[];
    const screen = presets.find((p) => p.name === 'default');
    expect(screen?.id).toBe(newest.id);
    expect(
      JSON.parse(screen?.definition ?? '{}').definition.find((c: { key: string }) => c.key === 'title'),
    ).toMatchObject({ column: 'Page title' });
    expect((await pageSaveErrors()).title).toBe(NEEDS_TITLE);

    // Shipping the old content again (the next start of the released code) is a change too.
    await syncCatalog(server.db);
    const reverted = await defaultsOf(PAGE_CREATE);
    expect(reverted).toHaveLength(before.length + 2);
    expect(reverted.at(-1)?.definition).toEqual(before.at(-1)?.definition);
    expect(await pageSaveErrors()).not.toHaveProperty('title');
  });

  it('leaves presets staff made or changed as they are: a Team preset, and a default changed by hand', async () => {
    // A Team preset of the pages list, saved by an administrator in the JSON preset editor.
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO presets (name, right_name, preset_group_id, definition, created_by)
       SELECT 'Issue 38 team view', $1, g.id, $2, 'test' FROM preset_groups g WHERE g.name = 'Team'
       RETURNING id`,
      [PAGE_LIST, JSON.stringify(shipped(PAGE_LIST))],
    );
    const teamId = rows[0]?.id as number;
    const record = await call('admin', 'GET', `/api/presets/${teamId}`);
    const teamDefinition = relabel('name', 'Team name')(shipped(PAGE_LIST));
    const saved = await call('admin', 'PUT', `/api/presets/${teamId}`, {
      storeProcedure: 'bm_preset_save',
      values: saveValues({
        id: teamId,
        definition: JSON.stringify(teamDefinition),
        rowVersion: record.body.rowVersion,
      }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // The editors refuse the shipped default; an operator changes it in SQL.
    const [listDefault] = (await defaultsOf(PAGE_LIST)).slice(-1);
    const opened = await call('admin', 'GET', `/api/presets/${listDefault?.id}`);
    const refused = await call('admin', 'PUT', `/api/presets/${listDefault?.id}`, {
      storeProcedure: 'bm_preset_save',
      values: saveValues({
        id: listDefault?.id,
        definition: JSON.stringify(teamDefinition),
        rowVersion: opened.body.rowVersion,
      }),
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'The default preset cannot be overwritten' },
    });
    await db.query(
      `UPDATE presets SET definition = jsonb_set(definition, '{settings,pageItems}', '55') WHERE id = $1`,
      [listDefault?.id],
    );
    const edited = await defaultsOf(PAGE_LIST);
    const team = async () =>
      (
        await db.query<Record<string, unknown>>('SELECT *, xmin::text AS xmin FROM presets WHERE id = $1', [
          teamId,
        ])
      ).rows[0];
    const teamBefore = await team();
    expect(teamBefore?.definition).toEqual(teamDefinition);

    // The catalogue unchanged: the changed default stays in force, as the operator left it.
    await syncCatalog(server.db);
    expect(await defaultsOf(PAGE_LIST)).toEqual(edited);
    expect(await team()).toEqual(teamBefore);

    // The catalogue changes the preset: its version goes on top, the changed row stays below it.
    const catalogue = catalogueWith(PAGE_LIST, relabel('name', 'Page name'));
    await syncCatalog(server.db, catalogue);
    const after = await defaultsOf(PAGE_LIST);
    expect(after.slice(0, -1)).toEqual(edited);
    expect(after.at(-1)?.definition).toEqual(catalogue.find((p) => p.rightName === PAGE_LIST)?.definition);
    expect(edited.at(-1)?.definition.settings?.pageItems).toBe(55);
    expect(await team()).toEqual(teamBefore);

    // The released catalogue again, for the tests below.
    await syncCatalog(server.db);
  });

  it('writes nothing when nothing changed', async () => {
    await syncCatalog(server.db);
    const before = await allRows();
    await syncCatalog(server.db);
    expect(await allRows()).toEqual(before);
  });

  it('writes one version when two instances sync the same change at once', async () => {
    const before = await defaultsOf(PAGE_EDIT);
    const catalogue = catalogueWith(PAGE_EDIT, relabel('title', 'Page title'));
    // Both starts are held at the start-up lock until both wait there, then let go together.
    await db.query('BEGIN');
    await db.query('SELECT pg_advisory_xact_lock(7246001)');
    const both = Promise.all([syncCatalog(server.db, catalogue), syncCatalog(server.db, catalogue)]);
    const waiting = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 7246001 AND NOT granted`,
        )
      ).rows[0]?.n;
    await expect.poll(waiting, { timeout: 10_000 }).toBe(2);
    await db.query('COMMIT');
    await both;
    const after = await defaultsOf(PAGE_EDIT);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.definition.definition.find((c) => c.key === 'title')?.column).toBe('Page title');
    await syncCatalog(server.db);
  });

  it('takes over rows from before the hash: records the equal ones, adds a version over a stale one', async () => {
    await db.query(`UPDATE presets SET catalogue_hash = NULL WHERE name = 'default' AND preset_group_id = 1`);
    // A database whose view preset was changed in a manifest without the version raised by hand.
    const [stale] = (await defaultsOf(PAGE_VIEW)).slice(-1);
    await db.query(
      `UPDATE presets SET definition = jsonb_set(definition, '{settings}', '{"old": true}') WHERE id = $1`,
      [stale?.id],
    );
    const count = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM presets WHERE name = 'default'`)).rows[0]
        ?.n;
    const before = await count();

    await syncCatalog(server.db);
    expect(await count()).toBe((before ?? 0) + 1);
    const view = await defaultsOf(PAGE_VIEW);
    expect(view.at(-2)).toMatchObject({ id: stale?.id, catalogue_hash: null });
    expect(view.at(-1)).toMatchObject({
      definition: shipped(PAGE_VIEW),
      catalogue_hash: presetHash(shipped(PAGE_VIEW)),
    });
    const { rows } = await db.query<{ right_name: string; catalogue_hash: string | null }>(
      `SELECT DISTINCT ON (right_name) right_name, catalogue_hash FROM presets
        WHERE name = 'default' AND preset_group_id = 1 ORDER BY right_name, version DESC`,
    );
    const hashes = new Map(rows.map((r) => [r.right_name, r.catalogue_hash]));
    for (const preset of DEFAULT_PRESETS)
      expect(hashes.get(preset.rightName)).toBe(presetHash(preset.definition));
  });
});

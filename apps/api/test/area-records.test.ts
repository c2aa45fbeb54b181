/**
 * Generated per-area API tests: every area module that gives a sample record is created, read,
 * listed, edited (and refused on a stale version), its edit found in the record's History and
 * reverted (asked first once the record moved on), deleted, restored from the deleted records, and
 * refused to a role without the right, over real HTTP. A new area is covered by giving its manifest a `sample`.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREA_INDEX } from '../areas/index.ts';
import type { AreaField, EntityManifest, SampleValue } from '../areas/manifest.ts';
import { entitySpecOf } from '../catalog/entities/index.ts';
import { objectNames } from '../catalog/object-names.ts';
import { apiCaller, saveValues } from './api-caller.ts';
import { inTestArea } from './only-area.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Scalar = string | number | boolean | null;

interface HistoryEntry {
  id: number;
  recordId: number;
  action: string;
  by: string;
  revertible: boolean;
  changes: { column: string; key: string | null; label: string; before: unknown; after: unknown }[];
}

let server: TestServer;
const tokens: Record<string, string> = {};

/** The sample with every `{sql}` value replaced by what the query answers on the demo data. */
async function resolved(sample: Readonly<Record<string, SampleValue>>): Promise<Record<string, Scalar>> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const out: Record<string, Scalar> = {};
    for (const [key, value] of Object.entries(sample)) {
      if (value === null || typeof value !== 'object') out[key] = value;
      else out[key] = Object.values((await client.query(value.sql)).rows[0] ?? {})[0] as Scalar;
    }
    return out;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'mapper']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});

const call = apiCaller(() => server.baseUrl, tokens);

/** The first free-text field a form may change, to edit (one without a pattern the edit's text would fail). */
const editableText = (area: EntityManifest): AreaField | undefined =>
  area.fields?.find(
    (f) =>
      f.type === 'text' &&
      f.form?.type === 'text' &&
      !f.readOnly &&
      !f.select &&
      !(Array.isArray(f.form.validations) && f.form.validations.some((v) => v.name === 'pattern')),
  );

const withSamples = AREA_INDEX.filter(
  (a): a is EntityManifest & { sample: NonNullable<EntityManifest['sample']> } =>
    a.kind === 'entity' && a.sample !== undefined,
);

it('covers every area module that can create records', () => {
  // An area with no form presets (list and map list only) has nothing to create through.
  const creatable = AREA_INDEX.filter(
    (a) =>
      a.kind === 'entity' &&
      a.fields &&
      a.actions.includes('Create') &&
      objectNames(a).save &&
      a.form?.presets?.length !== 0,
  );
  expect(withSamples.map((a) => a.entity).sort()).toEqual(
    creatable.map((a) => a.kind === 'entity' && a.entity).sort(),
  );
});

/** The areas `npm run test:area` asks for (all of them otherwise). */
const chosen = withSamples.filter((a) => inTestArea(a.entity));

describe.each(chosen.map((a) => [a.entity, a] as const))('area %s', (_name, area) => {
  const save = objectNames(area).save;
  const text = editableText(area);

  it('creates, reads, lists, edits, refuses a stale edit and deletes its sample record', async () => {
    const sample = await resolved(area.sample);
    const created = await call('admin', 'POST', area.api, {
      storeProcedure: save,
      values: saveValues(sample),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.isSuccess).toBe(true);
    const id = created.body.id as number;

    const stored = await call('admin', 'GET', `${area.api}/${id}`);
    expect(stored.status).toBe(200);
    for (const [key, value] of Object.entries(sample)) {
      const field = area.fields?.find((f) => f.key === key);
      if (field?.type === 'datetime') expect(String(stored.body[key])).toContain(String(value));
      else if (field?.type === 'decimal') expect(Number(stored.body[key])).toBe(Number(value));
      else expect(stored.body[key], key).toEqual(value);
    }

    const byId = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: id }),
    );
    const list = await call('admin', 'GET', `${area.api}?pageSize=20&filters=${byId}`);
    expect(list.status).toBe(200);
    expect((list.body.data as { id: number }[]).map((r) => r.id)).toEqual([id]);
    for (const column of entitySpecOf(area)?.columns ?? [])
      expect(Object.keys((list.body.data as object[])[0] ?? {})).toContain(column.name);

    if (text && area.actions.includes('Edit')) {
      const edited = await call('admin', 'PUT', `${area.api}/${id}`, {
        storeProcedure: save,
        values: saveValues({ [text.key]: 'Edited by the area test', rowVersion: stored.body.rowVersion }),
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((await call('admin', 'GET', `${area.api}/${id}`)).body[text.key]).toBe(
        'Edited by the area test',
      );
      const stale = await call('admin', 'PUT', `${area.api}/${id}`, {
        storeProcedure: save,
        values: saveValues({ [text.key]: 'Lost edit', rowVersion: stored.body.rowVersion }),
      });
      expect(stale.status).toBe(409);

      // The record journal: the edit is in the History, from the field's value to the edit's, and
      // reverting it puts the value back through the area's own update.
      const history = await call('admin', 'GET', `${area.api}/${id}/history`);
      expect(history.status, JSON.stringify(history.body)).toBe(200);
      const [edit, create] = history.body.entries as HistoryEntry[];
      expect(create?.action).toBe('create');
      expect(edit).toMatchObject({ action: 'update', by: 'admin@bmtools.local', revertible: true });
      expect(edit?.changes.find((c) => c.key === text.key)).toMatchObject({
        label: text.label,
        before: sample[text.key] ?? null,
        after: 'Edited by the area test',
      });
      const now = (await call('admin', 'GET', `${area.api}/${id}`)).body;
      const reverted = await call('admin', 'POST', `${area.api}/${id}/history/${edit?.id}/revert`, {
        rowVersion: now.rowVersion,
      });
      expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
      const back = (await call('admin', 'GET', `${area.api}/${id}`)).body;
      expect(back[text.key] ?? null).toEqual(sample[text.key] ?? null);
      // The record moved on since that change: asked first, then reverted when confirmed.
      const again = await call('admin', 'POST', `${area.api}/${id}/history/${edit?.id}/revert`, {
        rowVersion: back.rowVersion,
      });
      expect(again.status).toBe(409);
      expect(again.body.current).toMatchObject({ rowVersion: back.rowVersion });
      const confirmed = await call('admin', 'POST', `${area.api}/${id}/history/${edit?.id}/revert`, {
        rowVersion: back.rowVersion,
        confirm: true,
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(
        ((await call('admin', 'GET', `${area.api}/${id}/history`)).body.entries as HistoryEntry[])[0],
      ).toMatchObject({
        action: 'revert',
      });
    }

    if (objectNames(area).delete) {
      expect((await call('admin', 'DELETE', `${area.api}/${id}`)).status).toBe(200);
      expect((await call('admin', 'GET', `${area.api}/${id}`)).status).toBe(404);

      // A deleted record is listed as deleted and put back as it was, with its id.
      const deleted = await call('admin', 'GET', `${area.api}/history/deleted`);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      const gone = (deleted.body.entries as HistoryEntry[]).find((e) => e.recordId === id);
      expect(gone?.action).toBe('delete');
      const restored = await call('admin', 'POST', `${area.api}/history/${gone?.id}/restore`);
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect((await call('admin', 'GET', `${area.api}/${id}`)).status).toBe(200);
      expect((await call('admin', 'POST', `${area.api}/history/${gone?.id}/restore`)).status).toBe(409);
      expect((await call('mapper', 'GET', `${area.api}/history/deleted`)).status).toBe(403);
      expect((await call('admin', 'DELETE', `${area.api}/${id}`)).status).toBe(200);
    }
  });

  it('refuses a create to a role without the right, and writes nothing', async () => {
    const before = await call('admin', 'GET', `${area.api}?pageSize=1`);
    const refused = await call('mapper', 'POST', area.api, {
      storeProcedure: save,
      values: saveValues(await resolved(area.sample)),
    });
    expect(refused.status).toBe(403);
    const after = await call('admin', 'GET', `${area.api}?pageSize=1`);
    expect(after.body.data).toEqual(before.body.data);
  });
});

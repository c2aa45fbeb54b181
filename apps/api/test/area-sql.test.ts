/**
 * Generated area SQL (catalog/area-sql.ts) and its repeatable application
 * (src/catalog/apply-area-sql.ts), against a real database: a fixture table `widgets` that follows
 * the conventions, a manifest over it, and the generated views and procedures driven through the
 * write path (records/write-path.ts), as the record routes drive them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type AreaField, defineArea, type EntityManifest } from '../areas/manifest.ts';
import { areaSql, snakeCase } from '../catalog/area-sql.ts';
import type { EntitySpec } from '../catalog/entity-spec.ts';
import { objectNames } from '../catalog/object-names.ts';
import { applyAreaSql } from '../src/catalog/apply-area-sql.ts';
import { type Db, withTransaction } from '../src/db/pool.ts';
import { HttpError } from '../src/http/http-error.ts';
import { readRecord } from '../src/records/record-service.ts';
import { callProcedure, runWrite } from '../src/records/write-path.ts';
import { createTestDatabase } from './test-database.ts';

/** A key no SQL text may carry unescaped: quotes of both kinds and a statement after them. */
const ODD_KEY = `note'); DROP TABLE widget_groups; --"x`;

const FIELDS: readonly AreaField[] = [
  { key: 'id', label: 'Id', type: 'number', readOnly: true, form: { notOnCreate: true } },
  { key: 'groupId', label: 'Group', type: 'number', list: false, form: {} },
  { key: 'groupName', label: 'Group', type: 'text', select: 'g.name' },
  { key: 'name', label: 'Name', type: 'text', form: {} },
  { key: 'quantity', label: 'Quantity', type: 'number', form: {}, insertDefault: '0' },
  { key: 'price', label: 'Price', type: 'decimal', form: {} },
  { key: 'isActive', label: 'Active', type: 'boolean', form: {}, insertDefault: 'true' },
  { key: 'startsOn', label: 'Starts', type: 'date', form: {} },
  { key: 'dueAt', label: 'Due', type: 'datetime', form: {} },
  { key: ODD_KEY, label: 'Note', type: 'text', column: 'odd_note', form: {}, list: false },
  { key: 'status', label: 'Status', type: 'text', readOnly: true, form: {} },
  { key: 'publishedAt', label: 'Published', type: 'datetime', readOnly: true, form: {} },
  { key: 'updatedBy', label: 'Updated by', type: 'text', readOnly: true },
];

const widgets = (fields: readonly AreaField[] = FIELDS): EntityManifest =>
  defineArea({
    entity: 'Widget',
    label: 'Widgets',
    singular: 'Widget',
    titleField: 'name',
    group: 'Tools',
    icon: 'widgets',
    segment: 'widget',
    api: '/api/widgets',
    actions: ['List', 'View', 'Create', 'Edit', 'Delete', 'BulkEdit', 'Publish'],
    table: 'widgets',
    joins: 'LEFT JOIN widget_groups g ON g.id = t.group_id',
    sql: 'generated',
    fields,
  });

const ENTITY: EntitySpec = {
  entity: 'Widget',
  api: '/api/widgets',
  rightPrefix: 'BMTools/Widget',
  view: 'v_widgets',
  views: ['v_widgets'],
  dataSources: [],
  key: 'id',
  deleteKeys: ['id'],
  columns: [],
  procedures: {
    create: 'bm_widgets_save',
    update: 'bm_widgets_save',
    bulkupdate: 'bm_widgets_save',
    delete: 'bm_widgets_delete',
    publish: 'bm_widgets_publish',
  },
  record: { view: 'v_widgets_record', views: ['v_widgets_record'] },
};

describe('the generated SQL text', () => {
  it('names the views and procedures after the table, and leaves out the ones the area names itself', () => {
    expect(areaSql(widgets()).map((o) => `${o.kind} ${o.name}`)).toEqual([
      'view v_widgets',
      'view v_widgets_record',
      'function bm_widgets_save',
      'function bm_widgets_delete',
      'function bm_widgets_publish',
    ]);
    const own = { ...widgets(), procedures: { save: 'bm_widget_keep', publish: 'bm_widget_go' } };
    expect(areaSql(own).map((o) => o.name)).toEqual(['v_widgets', 'v_widgets_record', 'bm_widgets_delete']);
    expect(objectNames(own)).toMatchObject({
      listView: 'v_widgets',
      recordView: 'v_widgets_record',
      save: 'bm_widget_keep',
      delete: 'bm_widgets_delete',
      publish: 'bm_widget_go',
    });
  });

  it('generates nothing for an area with its own SQL or without a table', () => {
    expect(areaSql({ ...widgets(), sql: 'own' })).toEqual([]);
    expect(areaSql({ ...widgets(), sql: undefined })).toEqual([]);
    expect(areaSql({ ...widgets(), table: undefined })).toEqual([]);
  });

  it('reads columns as their keys, select fields as their expression, and joins only where needed', () => {
    const [list, record] = areaSql(widgets());
    expect(list?.sql).toContain('t."starts_on" AS "startsOn"');
    expect(list?.sql).toContain('(g.name) AS "groupName"');
    expect(list?.sql).toContain('FROM "widgets" t LEFT JOIN widget_groups g ON g.id = t.group_id');
    expect(list?.sql).not.toContain('"groupId"');
    expect(record?.sql).toContain('t."row_version" AS "rowVersion"');
    expect(record?.sql).not.toContain('"updatedBy"');
    expect(record?.sql).not.toContain('JOIN');
    expect(snakeCase('dueAt')).toBe('due_at');
    expect(snakeCase('pageURLText')).toBe('page_url_text');
  });

  it('quotes a key with quotes in it: doubled inside identifiers and string literals', () => {
    const sql = areaSql(widgets())
      .map((o) => o.sql)
      .join('\n');
    expect(sql).toContain(`AS "note'); DROP TABLE widget_groups; --""x"`);
    expect(sql).toContain(`vals ? 'note''); DROP TABLE widget_groups; --"x'`);
    expect(sql).not.toContain(`'note');`);
  });

  it('refuses what it cannot generate safely', () => {
    const write = (field: Partial<AreaField>) =>
      areaSql(widgets([{ key: 'x', label: 'X', type: 'text', form: {}, ...field }]));
    expect(() => write({ column: 'updated_by' })).toThrow(/may not write column updated_by/);
    expect(() => write({ column: 'status' })).toThrow(/may not write column status/);
    expect(() => write({ column: 'actor' })).toThrow(/may not write column actor/);
    expect(() => write({ column: 'odd"name' })).toThrow(/Invalid catalogue identifier/);
    expect(() => write({ insertDefault: `'$bm$'` })).toThrow(/may not contain/);
    expect(() => write({ key: 'k'.repeat(64), column: 'k' })).toThrow(/1 to 63 bytes/);
    expect(() => areaSql({ ...widgets(), table: 'widgets; DROP TABLE x' })).toThrow(/identifier/);
  });
});

describe('the generated SQL in a database', () => {
  let db: Db;
  const apply = (manifest: EntityManifest = widgets()) =>
    withTransaction(db, (client) => applyAreaSql(client, areaSql(manifest)));
  const record = async (id: unknown) =>
    (
      await db.query<{ r: Record<string, unknown> }>(
        'SELECT to_jsonb(r) AS r FROM v_widgets_record r WHERE id = $1',
        [id],
      )
    ).rows[0]?.r;
  const count = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM widgets')).rows[0]?.n;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(HttpError);
        const { statusCode, message, errors } = error as HttpError;
        return { statusCode, message, errors };
      },
    );
  const create = (values: Record<string, unknown>) =>
    runWrite(db, ENTITY, 'create', 'bm_widgets_save', values, 'alice');
  const update = (values: Record<string, unknown>) =>
    runWrite(db, ENTITY, 'update', 'bm_widgets_save', values, 'bob', () =>
      readRecord(db, ENTITY, String(values.id)),
    );

  beforeAll(async () => {
    ({ db } = await createTestDatabase());
    await db.query(`
      CREATE TABLE widget_groups (id serial PRIMARY KEY, name text NOT NULL);
      INSERT INTO widget_groups (name) VALUES ('Gears'), ('Springs');
      CREATE TABLE widgets (
        id serial PRIMARY KEY,
        group_id integer REFERENCES widget_groups (id),
        name text NOT NULL,
        quantity integer NOT NULL,
        price numeric(10, 2),
        is_active boolean NOT NULL,
        starts_on date,
        due_at timestamptz,
        odd_note text,
        status text NOT NULL CHECK (status IN ('draft', 'published')),
        published_at timestamptz,
        published_by text,
        row_version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text
      );
    `);
  });

  it('applies every object once, and an unchanged one never again', async () => {
    expect(await apply()).toEqual([
      'v_widgets',
      'v_widgets_record',
      'bm_widgets_save',
      'bm_widgets_delete',
      'bm_widgets_publish',
    ]);
    const before = await db.query(
      "SELECT name, hash, applied_at FROM area_sql WHERE name LIKE '%widgets%' ORDER BY name",
    );
    expect(before.rows).toHaveLength(5);
    expect(await apply()).toEqual([]);
    expect(
      (
        await db.query(
          "SELECT name, hash, applied_at FROM area_sql WHERE name LIKE '%widgets%' ORDER BY name",
        )
      ).rows,
    ).toEqual(before.rows);
  });

  it('creates a record with typed values that come back the same through the record view', async () => {
    const created = await create({
      groupId: 1,
      name: 'Cog',
      quantity: 3,
      price: 12.5,
      isActive: false,
      startsOn: '2024-05-01',
      dueAt: '2024-05-01T10:30:00Z',
      [ODD_KEY]: "it's fine",
    });
    expect(created).toMatchObject({ isSuccess: true, message: 'Widget created' });
    expect(await record(created.id)).toEqual({
      id: created.id,
      groupId: 1,
      name: 'Cog',
      quantity: 3,
      price: 12.5,
      isActive: false,
      startsOn: '2024-05-01',
      dueAt: '2024-05-01T10:30:00+00:00',
      [ODD_KEY]: "it's fine",
      status: 'draft',
      publishedAt: null,
      rowVersion: 1,
    });
    const { rows } = await db.query(
      'SELECT "groupName", "startsOn" IS NOT NULL AS dated FROM v_widgets WHERE id = $1',
      [created.id],
    );
    expect(rows).toEqual([{ groupName: 'Gears', dated: true }]);
    const audit = await db.query('SELECT created_by, updated_by FROM widgets WHERE id = $1', [created.id]);
    expect(audit.rows).toEqual([{ created_by: 'alice', updated_by: 'alice' }]);
    // The key with quotes is a value like any other; the statement in it never ran.
    expect((await db.query(`SELECT to_regclass('widget_groups') IS NOT NULL AS present`)).rows).toEqual([
      { present: true },
    ]);
  });

  it('stores the insert default of a field left out or null, and NULL for the others', async () => {
    const created = await create({ name: 'Spring', isActive: null });
    expect(await record(created.id)).toMatchObject({
      quantity: 0,
      isActive: true,
      price: null,
      groupId: null,
      rowVersion: 1,
    });
  });

  it('updates only the keys given, with the rowVersion, and a stale rowVersion is a conflict', async () => {
    const { id } = await create({ name: 'Wheel', quantity: 5, price: 2 });
    const saved = await update({ id: String(id), rowVersion: 1, name: 'Big wheel', price: null });
    expect(saved).toEqual({ isSuccess: true, id, message: 'Widget saved' });
    expect(await record(id)).toMatchObject({ name: 'Big wheel', quantity: 5, price: null, rowVersion: 2 });
    expect((await db.query('SELECT updated_by FROM widgets WHERE id = $1', [id])).rows).toEqual([
      { updated_by: 'bob' },
    ]);

    const stale = await refusal(update({ id: String(id), rowVersion: 1, name: 'Lost' }));
    expect(stale).toMatchObject({ statusCode: 409, message: 'The widget was changed by someone else' });
    expect(await record(id)).toMatchObject({ name: 'Big wheel', rowVersion: 2 });

    // A bulk update sends no rowVersion and is applied to whatever is stored.
    const bulk = await callProcedure(db, 'bm_widgets_save', { id: String(id), quantity: 9 }, 'carol');
    expect(bulk).toMatchObject({ isSuccess: true });
    expect(await record(id)).toMatchObject({ quantity: 9, rowVersion: 3 });
  });

  it('answers notFound for an update, delete or publish of a missing record', async () => {
    const missing = { id: '999999', rowVersion: 1, name: 'Ghost' };
    expect(await callProcedure(db, 'bm_widgets_save', missing, 'bob')).toEqual({
      isSuccess: false,
      id: 999999,
      notFound: true,
      message: 'The widget does not exist',
    });
    expect(await refusal(update(missing))).toMatchObject({
      statusCode: 404,
      message: 'The widget does not exist',
    });
    for (const procedure of ['bm_widgets_delete', 'bm_widgets_publish']) {
      expect(await callProcedure(db, procedure, { id: '999999' }, 'bob')).toEqual({
        isSuccess: false,
        id: 999999,
        notFound: true,
        message: 'The widget does not exist',
      });
    }
  });

  it('deletes a record', async () => {
    const { id } = await create({ name: 'Doomed' });
    expect(await runWrite(db, ENTITY, 'delete', 'bm_widgets_delete', { id: String(id) }, 'bob')).toEqual({
      isSuccess: true,
      id,
      message: 'Widget deleted',
    });
    expect(await record(id)).toBeUndefined();
    expect(
      await refusal(runWrite(db, ENTITY, 'delete', 'bm_widgets_delete', { id: String(id) }, 'bob')),
    ).toMatchObject({ statusCode: 404, message: 'The widget does not exist' });
  });

  it('publishes a record, and the next save makes it a draft again', async () => {
    const { id } = await create({ name: 'Shiny' });
    const published = await runWrite(db, ENTITY, 'publish', 'bm_widgets_publish', { id: String(id) }, 'dora');
    expect(published).toEqual({ isSuccess: true, id, message: 'Widget published' });
    expect(await record(id)).toMatchObject({ status: 'published', rowVersion: 2 });
    expect((await db.query('SELECT published_by FROM widgets WHERE id = $1', [id])).rows).toEqual([
      { published_by: 'dora' },
    ]);
    await update({ id: String(id), rowVersion: 2, name: 'Shinier' });
    expect(await record(id)).toMatchObject({ status: 'draft', rowVersion: 3 });
  });

  it('refuses a value its column cannot take with a 400 naming the field, and writes nothing', async () => {
    const rows = await count();
    expect(await refusal(create({ name: 'Bad', quantity: 'many' }))).toEqual({
      statusCode: 400,
      message: 'A value is not acceptable (quantity)',
      errors: { quantity: 'Is not acceptable' },
    });
    expect(await refusal(create({ name: 'Big', quantity: 3_000_000_000 }))).toMatchObject({
      statusCode: 400,
      errors: { quantity: 'Is not acceptable' },
    });
    expect(await refusal(create({ name: 'Late', dueAt: 'tomorrow-ish' }))).toMatchObject({
      statusCode: 400,
      errors: { dueAt: 'Is not acceptable' },
    });
    expect(await refusal(create({ quantity: 1 }))).toMatchObject({
      statusCode: 400,
      message: 'The name is required',
    });
    expect(await count()).toBe(rows);

    const { id } = await create({ name: 'Steady', price: 4 });
    expect(
      await refusal(update({ id: String(id), rowVersion: 1, name: 'Changed', price: 'cheap' })),
    ).toMatchObject({
      statusCode: 400,
      errors: { price: 'Is not acceptable' },
    });
    expect(await record(id)).toMatchObject({ name: 'Steady', price: 4, rowVersion: 1 });
  });

  it('re-creates a view whose fields changed, without the removed column', async () => {
    const fewer = FIELDS.map((f) => (f.key === 'price' ? { ...f, list: false as const } : f));
    expect(await apply(widgets(fewer))).toEqual(['v_widgets']);
    const columns = async (view: string) =>
      (
        await db.query<{ column_name: string }>(
          'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
          [view],
        )
      ).rows.map((r) => r.column_name);
    expect(await columns('v_widgets')).not.toContain('price');
    expect(await columns('v_widgets')).toContain('quantity');
    expect(await columns('v_widgets_record')).toContain('price');
    expect(await apply(widgets(fewer))).toEqual([]);
  });

  it('re-creates an object that is missing, and replaces a hand-written procedure of other parameter names', async () => {
    await db.query('DROP VIEW v_widgets_record');
    await db.query(`DELETE FROM area_sql WHERE name = 'bm_widgets_delete'`);
    await db.query(`
      DROP FUNCTION bm_widgets_delete(jsonb, text);
      CREATE FUNCTION bm_widgets_delete(payload jsonb, who text) RETURNS jsonb LANGUAGE sql
        AS $$ SELECT jsonb_build_object('isSuccess', false, 'message', 'hand-written') $$;
    `);
    expect(await apply()).toEqual(['v_widgets', 'v_widgets_record', 'bm_widgets_delete']);
    const { id } = await create({ name: 'Gone soon' });
    expect(await callProcedure(db, 'bm_widgets_delete', { id: String(id) }, 'bob')).toMatchObject({
      isSuccess: true,
      message: 'Widget deleted',
    });
  });
});

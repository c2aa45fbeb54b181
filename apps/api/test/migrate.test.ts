import { beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrateDownTo, migrationNames } from '../src/db/migrate.ts';
import { SPLIT_MIGRATIONS } from '../src/db/split-migrations.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

const history = async () =>
  (await database.db.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY name')).rows.map(
    (r) => r.name,
  );

describe('migrate', () => {
  it('finds every migration file recorded on a migrated database, and changes nothing there', async () => {
    const before = await history();
    expect(migrationNames()).toEqual(before);
    await migrate(database.url);
    expect(await history()).toEqual(before);
  });

  it('applies the migrations a database lacks', async () => {
    const before = await history();
    const last = before.at(-1) as string;
    await migrateDownTo(database.url, last);
    expect(await history()).not.toContain(last);
    await migrate(database.url);
    expect(await history()).toEqual(before);
  });

  it('counts the files a migration was split into as run on a database that ran the one file, in its place', async () => {
    const inRunOrder = async () =>
      (
        await database.db.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY run_on, id')
      ).rows.map((r) => r.name);
    const before = await inRunOrder();
    const tables = async () =>
      (
        await database.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
        )
      ).rows[0]?.n;
    const tablesBefore = await tables();
    // The history as a database that ran the single file has it: the old name where the first part
    // is, the other parts absent, the later entries' ids closed up behind it.
    for (const [old, parts] of Object.entries(SPLIT_MIGRATIONS)) {
      const { rows } = await database.db.query<{ id: number }>(
        'SELECT id FROM pgmigrations WHERE name = $1',
        [parts[0]],
      );
      const id = rows[0]?.id as number;
      await database.db.query('DELETE FROM pgmigrations WHERE name = ANY ($1)', [parts.slice(1)]);
      await database.db.query('UPDATE pgmigrations SET name = $2 WHERE id = $1', [id, old]);
      await database.db.query('UPDATE pgmigrations SET id = -id WHERE id > $1', [id]);
      await database.db.query('UPDATE pgmigrations SET id = -id - $1::int WHERE id < 0', [parts.length - 1]);
      expect(await inRunOrder()).toContain(old);
    }
    await migrate(database.url);
    expect(await inRunOrder()).toEqual(before);
    expect(await tables()).toBe(tablesBefore);
    // And again: nothing left to rewrite or run.
    await migrate(database.url);
    expect(await inRunOrder()).toEqual(before);
  });
});

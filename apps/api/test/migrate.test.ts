import { beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrateDownTo, migrationNames } from '../src/db/migrate.ts';
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
});

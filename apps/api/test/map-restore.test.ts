/**
 * Restore over real HTTP (docs/adr/0013-mapping.md, "Restore"): a blacklisted or disabled merchant
 * record goes back to Not mapped through the map actions' one procedure, with an optional note that
 * the history keeps with who, when and the state it left; undo of a restore puts it back as it
 * was; only the Map right may (the viewer is refused); a record that is neither cannot be restored.
 * Also the one wording of the states on the insurance view, the kinds the queue's Kind filter
 * offers, and that the migration's Down section takes it all back.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from './api-caller.ts';
import { locationMapState, mapActionCaller } from './map-calls.ts';
import type { TestServer } from './test-server.ts';

const API = '/api/mapMerchantLocations';
const tokens: Record<string, string> = {};
let server: TestServer;
let db: pg.Client;
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
}, 120_000);

afterAll(async () => {
  await db?.end();
});

const rows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db.query<T>(sql, params)).rows;

const stateOf = (id: number) => locationMapState(db, id);
const action = mapActionCaller(call, API, 'bm_map_location');

interface HistoryRow {
  action: string;
  by: string;
  when: string;
  note: string | null;
}

const historyOf = async (id: number): Promise<HistoryRow[]> => {
  const view = await call('mapper', 'GET', `/api/merchantlocations/${id}`);
  expect(view.status).toBe(200);
  return JSON.parse(String(view.body.mapHistory)) as HistoryRow[];
};

/** A merchant location created through its area's API, as every merchant record is. */
async function newLocation(code: string): Promise<number> {
  const merchantId = (await rows<{ id: number }>('SELECT min(id) AS id FROM merchants'))[0]?.id;
  const created = await call('admin', 'POST', '/api/merchantlocations', {
    values: saveValues({
      merchantId,
      externalCode: code,
      name: `Restore test ${code}`,
      locationKind: 'Airport',
      countryCode: 'ES',
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

describe('restore', () => {
  it('takes a blacklisted record back to Not mapped, with its note in the history, and undo blacklists it again', async () => {
    const id = await newLocation('RESTORE-1');
    expect(
      (await action('mapper', 'ignore', { merchantRecordId: id, note: 'Closed for good' })).body,
    ).toMatchObject({ isSuccess: true });

    // The viewer may read the record but not restore it: the API refuses without the Map right.
    const refused = await action('viewer', 'restore', { merchantRecordId: id, note: 'No' });
    expect(refused.status).toBe(403);
    expect((await stateOf(id))?.map_status).toBe('blacklisted');

    const restored = await action('mapper', 'restore', {
      merchantRecordId: id,
      note: '  Reopened after the feed fixed it  ',
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({
      isSuccess: true,
      messageContent: `“Restore test RESTORE-1” is back to “Not mapped” (it was “Blacklisted”).`,
    });
    expect(await stateOf(id)).toEqual({
      map_status: 'unmapped',
      mapped_id: null,
      map_note: 'Reopened after the feed fixed it',
    });
    const view = await call('mapper', 'GET', `/api/merchantlocations/${id}`);
    expect(view.body.mapState).toBe('Not mapped');
    const [latest, blacklisted] = await historyOf(id);
    expect(latest).toMatchObject({
      action: 'Restored from Blacklisted',
      by: 'mapper@bmtools.local',
      note: 'Reopened after the feed fixed it',
    });
    expect(Number.isNaN(Date.parse(String(latest?.when)))).toBe(false);
    expect(blacklisted).toMatchObject({ action: 'Added to blacklist', note: 'Closed for good' });
    const [stored] = await rows<{ action: string; previous_status: string; previous_note: string }>(
      `SELECT action, previous_status, previous_note FROM merchant_map_history
        WHERE kind = 'location' AND merchant_record_id = $1 ORDER BY id DESC LIMIT 1`,
      [id],
    );
    expect(stored).toEqual({
      action: 'restore',
      previous_status: 'blacklisted',
      previous_note: 'Closed for good',
    });

    // A restored record is to do again: the queue of its scope offers it.
    const [record] = await rows<{ merchant_id: number }>(
      'SELECT merchant_id FROM merchant_locations WHERE id = $1',
      [id],
    );
    const queue = await call(
      'mapper',
      'GET',
      `${API}/queue?merchantId=${record?.merchant_id}&recordKind=Airport&country=ES`,
    );
    expect(queue.status).toBe(200);
    expect(
      await rows('SELECT 1 FROM map_scope_ids($1, $2, false) s WHERE s = $3', ['location', {}, id]),
    ).toHaveLength(1);

    // Undo of the restore: the caller's own latest change, undone as the others are.
    const otherUndo = await action('admin', 'undo', { merchantRecordId: id }, 'restore');
    expect(otherUndo.body).toMatchObject({ isSuccess: false, messageTitle: 'Nothing to undo' });
    const wrongKind = await action('mapper', 'undo', { merchantRecordId: id }, 'disable');
    expect(wrongKind.body).toMatchObject({ isSuccess: false, messageTitle: 'Nothing to undo' });
    const undone = await action('mapper', 'undo', { merchantRecordId: id }, 'restore');
    expect(undone.body).toMatchObject({
      isSuccess: true,
      messageContent: '“Restore test RESTORE-1” is back to “Blacklisted”.',
    });
    expect(await stateOf(id)).toEqual({
      map_status: 'blacklisted',
      mapped_id: null,
      map_note: 'Closed for good',
    });
    expect((await historyOf(id)).map((h) => h.action)).toEqual([
      'Undone',
      'Restored from Blacklisted',
      'Added to blacklist',
    ]);
  });

  it('restores a disabled record without a note; refuses a record that is neither, and a note too long', async () => {
    const id = await newLocation('RESTORE-2');
    // Not blacklisted nor disabled: nothing to restore, said in the one wording of its state.
    const nothing = await action('mapper', 'restore', { merchantRecordId: id });
    expect(nothing.body).toMatchObject({
      isSuccess: false,
      actionType: 'error',
      messageTitle: 'Nothing to restore',
      messageContent:
        '“Restore test RESTORE-2” is “Not mapped”: only a blacklisted or disabled record can be restored.',
    });

    expect(
      (await action('mapper', 'disable', { merchantRecordId: id, note: 'Duplicate' })).body.isSuccess,
    ).toBe(true);
    const tooLong = await action('mapper', 'restore', { merchantRecordId: id, note: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toHaveProperty('note');
    // The note is optional: an empty one is none.
    const restored = await action('mapper', 'restore', { merchantRecordId: id, note: '' });
    expect(restored.body).toMatchObject({ isSuccess: true });
    expect(await stateOf(id)).toEqual({ map_status: 'unmapped', mapped_id: null, map_note: null });
    const [latest] = await historyOf(id);
    expect(latest).toMatchObject({
      action: 'Restored from Disabled',
      by: 'mapper@bmtools.local',
      note: null,
    });
    // An unknown record is a 404, another list's procedure a 400, as for every map action.
    expect((await action('mapper', 'restore', { merchantRecordId: 2_000_000_000 })).status).toBe(404);
    const otherProcedure = await call('mapper', 'POST', `${API}/restore`, {
      storeProcedure: 'bm_map_supplier',
      values: saveValues({ merchantRecordId: id }),
    });
    expect(otherProcedure.status).toBe(400);
  });

  it('restores an insurance policy through its own list, and its view says the state in words', async () => {
    const [policy] = await rows<{ id: number }>(
      "SELECT id FROM insurance_policies WHERE map_status = 'unmapped' ORDER BY id DESC LIMIT 1",
    );
    if (!policy) throw new Error('no unmapped policy');
    const view = await call('viewer', 'GET', `/api/insurance/${policy.id}`);
    expect(view.status).toBe(200);
    expect(view.body.mapState).toBe('Not mapped');
    const act = (who: string, key: string, values: Record<string, unknown>) =>
      call(who, 'POST', `/api/mapInsurance/${key}`, {
        storeProcedure: 'bm_map_insurance',
        values: saveValues(values),
      });
    expect(
      (await act('admin', 'ignore', { merchantRecordId: policy.id, note: 'Test policy' })).body.isSuccess,
    ).toBe(true);
    expect((await call('viewer', 'GET', `/api/insurance/${policy.id}`)).body.mapState).toBe('Blacklisted');
    expect((await act('viewer', 'restore', { merchantRecordId: policy.id })).status).toBe(403);
    expect((await act('admin', 'restore', { merchantRecordId: policy.id })).body.isSuccess).toBe(true);
    const after = await call('viewer', 'GET', `/api/insurance/${policy.id}`);
    expect(after.body.mapState).toBe('Not mapped');
    expect((JSON.parse(String(after.body.mapHistory)) as HistoryRow[])[0]?.action).toBe(
      'Restored from Blacklisted',
    );
  });
});

describe("the queue's Kind filter", () => {
  it('offers the kinds the area has, to the Map right only, where the records have a kind', async () => {
    const kinds = await call('mapper', 'GET', `${API}/queue/kinds`);
    expect(kinds.status).toBe(200);
    const expected = (
      await rows<{ k: string }>('SELECT DISTINCT location_kind AS k FROM merchant_locations ORDER BY 1')
    ).map((r) => r.k);
    expect(kinds.body.values).toEqual(expected);
    expect(expected).toContain('Airport');
    expect((await call('viewer', 'GET', `${API}/queue/kinds`)).status).toBe(403);
    // Suppliers have no kind to filter by.
    expect((await call('mapper', 'GET', '/api/mapMerchantSuppliers/queue/kinds')).status).toBe(404);
  });
});

describe('the migration', () => {
  it('goes down to the queue migration’s functions and up again', async () => {
    const sql = readFileSync(
      new URL('../db/migrations/1700000011050_map-restore.sql', import.meta.url),
      'utf8',
    );
    const [up, down] = sql.split('-- Down Migration');
    /** Whether a statement fails, leaving the transaction usable. */
    const fails = async (statement: string) => {
      await db.query('SAVEPOINT probe');
      try {
        await db.query(statement);
        return false;
      } catch {
        return true;
      } finally {
        await db.query('ROLLBACK TO SAVEPOINT probe');
      }
    };
    const restoreRow = `INSERT INTO merchant_map_history (kind, merchant_record_id, action, changed_by)
                        VALUES ('location', 1, 'restore', 'test')`;
    // In a transaction rolled back: the test database stays as the run's template made it.
    await db.query('BEGIN');
    try {
      await db.query(String(down));
      expect(await fails("SELECT * FROM map_record_kinds('location')")).toBe(true);
      expect(await fails(restoreRow)).toBe(true);
      await db.query(String(up).replace('-- Up Migration', ''));
      expect(await fails("SELECT * FROM map_record_kinds('location')")).toBe(false);
      expect(await fails(restoreRow)).toBe(false);
    } finally {
      await db.query('ROLLBACK');
    }
  });
});

/**
 * The record journal beyond what every area's generated test checks (area-records.test.ts: an
 * edit journalled, reverted, asked first once the record moved on; a delete restored): where a
 * write came from, map actions and bulk edits journalled, writes outside the write path left out,
 * a key's hash masked, the History's rights, and a change that is not an edit refused a revert.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, newPageValues, saveValues, startSignedIn } from './api-caller.ts';
import { mapActionCaller } from './map-calls.ts';
import type { TestServer } from './test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
}, 120_000);

afterAll(async () => {
  await db?.end();
});

interface Entry {
  id: number;
  action: string;
  by: string;
  source: string | null;
  revertible: boolean;
  changes: { column: string; key: string | null; label: string; before: unknown; after: unknown }[];
}

const historyOf = async (api: string, id: number, who = 'admin'): Promise<Entry[]> => {
  const answer = await call(who, 'GET', `${api}/${id}/history`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.entries as Entry[];
};

async function newPage(name: string, screen?: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/pages`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens.admin}`,
      'content-type': 'application/json',
      ...(screen ? { 'x-bm-screen': screen } : {}),
    },
    body: JSON.stringify({ values: newPageValues(name, `/journal-${name.toLowerCase()}`) }),
  });
  const body = (await response.json()) as { id: number };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

describe('record journal', () => {
  it('names the screen a write came from, else the route it came by', async () => {
    const id = await newPage('Journal one', '/pages/create');
    const stored = (await call('admin', 'GET', `/api/pages/${id}`)).body;
    expect(
      (
        await call('admin', 'PUT', `/api/pages/${id}`, {
          values: saveValues({ name: 'Journal one renamed', rowVersion: stored.rowVersion }),
        })
      ).status,
    ).toBe(200);
    const [edit, create] = await historyOf('/api/pages', id);
    expect(create).toMatchObject({ action: 'create', source: '/pages/create', by: 'admin@bmtools.local' });
    expect(create?.changes.find((c) => c.key === 'name')).toMatchObject({
      before: null,
      after: 'Journal one',
    });
    expect(edit).toMatchObject({ action: 'update', source: 'PUT /api/pages/:id' });
    // Only what changed, without the bookkeeping columns.
    expect(edit?.changes.map((c) => c.column)).toEqual(['name']);
  });

  it('leaves out what is written outside the write path (a seed, a fix by hand)', async () => {
    const id = await newPage('Journal two');
    const before = (await historyOf('/api/pages', id)).length;
    await db.query(`UPDATE pages SET name = 'Changed by hand' WHERE id = $1`, [id]);
    expect(await historyOf('/api/pages', id)).toHaveLength(before);
  });

  it('journals a bulk edit and a map action, under their own names', async () => {
    const a = await newPage('Journal bulk A');
    const b = await newPage('Journal bulk B');
    const ids = encodeURIComponent(
      JSON.stringify({ operation: 'in', name: 'id', type: 'number', value: [a, b] }),
    );
    const bulk = await call('admin', 'PUT', `/api/pages/bulk-update?filters=${ids}`, {
      values: saveValues({ priority: 7, markedFields: ['priority'] }),
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    for (const id of [a, b]) {
      expect((await historyOf('/api/pages', id))[0]).toMatchObject({
        action: 'bulkupdate',
        revertible: true,
      });
    }

    const merchantId = (await db.query<{ id: number }>('SELECT min(id) AS id FROM merchants')).rows[0]?.id;
    const created = await call('admin', 'POST', '/api/merchantlocations', {
      values: saveValues({
        merchantId,
        externalCode: 'JOURNAL-1',
        name: 'Journal test airport',
        locationKind: 'Airport',
        countryCode: 'ES',
      }),
    });
    const id = created.body.id as number;
    const map = mapActionCaller(call, '/api/mapMerchantLocations', 'bm_map_location');
    expect((await map('mapper', 'ignore', { merchantRecordId: id, note: 'Closed' })).status).toBe(200);
    const [ignored] = await historyOf('/api/merchantlocations', id, 'mapper');
    expect(ignored).toMatchObject({ action: 'ignore', by: 'mapper@bmtools.local', revertible: false });
    expect(ignored?.changes.find((c) => c.column === 'map_status')).toMatchObject({
      before: 'unmapped',
      after: 'blacklisted',
    });
  });

  it('shows a key’s hash masked', async () => {
    const created = await call('admin', 'POST', '/api/accountapikey', {
      values: saveValues({
        accountName: 'Journal partner',
        description: 'Test',
        expiresAt: '2030-06-30',
        enabled: true,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [create] = await historyOf('/api/accountapikey', created.body.id as number);
    const hashes = create?.changes.filter((c) => /hash/.test(c.column)) ?? [];
    expect(hashes.length).toBeGreaterThan(0);
    for (const change of hashes) expect(change.after).toBe('(hidden)');
  });

  it('answers the History only with the area’s View or Edit right, and reverts only edits', async () => {
    const id = await newPage('Journal three');
    expect((await call('mapper', 'GET', `/api/pages/${id}/history`)).status).toBe(403);
    const [create] = await historyOf('/api/pages', id);
    expect(create?.revertible).toBe(false);
    const stored = (await call('admin', 'GET', `/api/pages/${id}`)).body;
    const refused = await call('admin', 'POST', `/api/pages/${id}/history/${create?.id}/revert`, {
      rowVersion: stored.rowVersion,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty('entryId');
    // Another record's change is not this record's.
    const other = await newPage('Journal four');
    const [otherCreate] = await historyOf('/api/pages', other);
    expect(
      (
        await call('admin', 'POST', `/api/pages/${id}/history/${otherCreate?.id}/revert`, {
          rowVersion: stored.rowVersion,
        })
      ).status,
    ).toBe(404);
  });
});

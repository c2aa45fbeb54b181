/**
 * The mapping queue, undo and bulk auto-map over real HTTP (docs/adr/0013-mapping.md, "Queue and
 * bulk auto-map"): a map list's header blacklists and disables its own record, even one with no
 * candidates, and undo puts it back; the queue offers the most certain record first; an auto-map
 * run maps exactly what its preview counted, records each mapping as automatic with its Match %,
 * never touches a record a person decided, is undone as a whole (but for what a person changed
 * since), and two instances running two runs of one scope never map one record twice. The viewer
 * is refused all of it.
 */
import type { MapAutoRun } from '@bm/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { apiCaller, saveValues, startSignedIn } from './api-caller.ts';
import { afterFile } from './file-end.ts';
import { locationMapState, mapActionCaller } from './map-calls.ts';
import { freePort, type TestServer } from './test-server.ts';

const API = '/api/mapMerchantLocations';
const tokens: Record<string, string> = {};
let server: TestServer;
let db: pg.Client;
let secondUrl = '';
const call = apiCaller(() => server.baseUrl, tokens);
const callSecond = apiCaller(() => secondUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  // A second instance of the same deployment on the same database, as behind a load balancer.
  const port = await freePort();
  const second = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: server.databaseUrl,
      PUBLIC_URL: server.baseUrl,
      LOG_LEVEL: 'silent',
      EXPORT_STORAGE_DIR: server.exportDir,
    }),
    () => {},
  );
  secondUrl = `http://127.0.0.1:${port}`;
  afterFile(() => second.close());
}, 120_000);

afterAll(async () => {
  await db?.end();
});

const rows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db.query<T>(sql, params)).rows;

const stateOf = (id: number) => locationMapState(db, id);
const action = mapActionCaller(call, API, 'bm_map_location');

/** Polls a run until `done` says so (the work is a background job). */
async function waitForRun(
  runId: number,
  done: (run: MapAutoRun) => boolean,
  threshold?: number,
): Promise<MapAutoRun> {
  let run: MapAutoRun | undefined;
  // The run's own state, read until it is what the test waits for (or has failed).
  await expect
    .poll(
      async () => {
        const answer = await call(
          'mapper',
          'GET',
          `${API}/auto/${runId}${threshold ? `?threshold=${threshold}` : ''}`,
        );
        expect(answer.status).toBe(200);
        run = answer.body as unknown as MapAutoRun;
        if (run.status === 'failed') throw new Error(`run ${runId} failed: ${run.error}`);
        return done(run);
      },
      { timeout: 90_000, message: `run ${runId} did not get there` },
    )
    .toBe(true);
  return run as MapAutoRun;
}

/** A merchant and a country with a handful of unmapped airports no person ever touched. */
async function freshScope(
  skip: number,
): Promise<{ merchantId: number; recordKind: string; country: string }> {
  const [row] = await rows<{ merchant_id: number; country_code: string }>(
    `SELECT merchant_id, country_code FROM merchant_locations m
      WHERE map_status = 'unmapped' AND location_kind = 'Airport' AND NOT map_touched_by_person('location', id)
      GROUP BY 1, 2 HAVING count(*) BETWEEN 5 AND 12 ORDER BY 1, 2 OFFSET $1 LIMIT 1`,
    [skip],
  );
  if (!row) throw new Error('no scope');
  return { merchantId: row.merchant_id, recordKind: 'Airport', country: row.country_code };
}

describe('the map list header', () => {
  it('blacklists and disables a record with no candidates, and undo puts it back', async () => {
    // Created through its area's API, as every merchant record is: a region nothing resembles.
    const created = await call('admin', 'POST', '/api/merchantlocations', {
      values: saveValues({
        merchantId: (await rows<{ id: number }>('SELECT min(id) AS id FROM merchants'))[0]?.id,
        externalCode: 'NOWHERE-1',
        name: 'Xqzvw Jjkkp',
        locationKind: 'Region',
        countryCode: 'ZZ',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const list = await call('mapper', 'GET', `${API}?id=${id}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);

    // The header acts on the record itself: its id and a note, no candidate.
    const noNote = await action('mapper', 'ignore', { merchantRecordId: id });
    expect(noNote.status).toBe(400);
    const blacklisted = await action('mapper', 'ignore', {
      merchantRecordId: id,
      note: 'Not a place we sell',
    });
    expect(blacklisted.body).toMatchObject({ isSuccess: true });
    expect(await stateOf(id)).toMatchObject({ map_status: 'blacklisted', map_note: 'Not a place we sell' });
    // The header reads the record again: one wording of the state, and the form's the same.
    const header = await call('mapper', 'GET', `/api/merchantlocations/${id}`);
    expect(header.body.mapState).toBe('Blacklisted');

    // Undo is the caller's own: another user cannot undo it; the mapper can, once.
    const otherUndo = await action('admin', 'undo', { merchantRecordId: id }, 'ignore');
    expect(otherUndo.body).toMatchObject({
      isSuccess: false,
      actionType: 'error',
      messageTitle: 'Nothing to undo',
    });
    const undone = await action('mapper', 'undo', { merchantRecordId: id }, 'ignore');
    expect(undone.body).toMatchObject({ isSuccess: true });
    expect(await stateOf(id)).toMatchObject({ map_status: 'unmapped', map_note: null });
    const again = await action('mapper', 'undo', { merchantRecordId: id }, 'ignore');
    expect(again.body).toMatchObject({ isSuccess: false, messageTitle: 'Nothing to undo' });

    // Disable, then undo: back to not mapped; the history keeps all four changes.
    expect(
      (await action('mapper', 'disable', { merchantRecordId: id, note: 'Feed error' })).body.isSuccess,
    ).toBe(true);
    expect((await stateOf(id))?.map_status).toBe('disabled');
    expect((await action('mapper', 'undo', { merchantRecordId: id }, 'disable')).body.isSuccess).toBe(true);
    expect((await stateOf(id))?.map_status).toBe('unmapped');
    const view = await call('mapper', 'GET', `/api/merchantlocations/${id}`);
    expect(view.body.mapState).toBe('Not mapped');
    const history = JSON.parse(String(view.body.mapHistory)) as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['Undone', 'Disabled', 'Undone', 'Added to blacklist']);
  });

  it('undoes a map back to the mapping it replaced', async () => {
    const [record] = await rows<{ id: number; mapped_id: number }>(
      `SELECT id, mapped_id FROM merchant_locations WHERE map_status = 'mapped' AND location_kind = 'Airport'
        ORDER BY id LIMIT 1`,
    );
    if (!record) throw new Error('no mapped airport');
    const candidates = (await call('mapper', 'GET', `${API}?id=${record.id}`)).body.data as {
      pricewatchId: number;
      isMapped: boolean;
    }[];
    const other = candidates.find((c) => !c.isMapped);
    if (!other) throw new Error('no other candidate');
    const ask = await action('mapper', 'map', {
      merchantRecordId: record.id,
      pricewatchId: other.pricewatchId,
    });
    expect(ask.body.actionType).toBe(`replace:${record.mapped_id}`);
    await action(
      'mapper',
      'map',
      { merchantRecordId: record.id, pricewatchId: other.pricewatchId },
      String(ask.body.actionType),
    );
    expect((await stateOf(record.id))?.mapped_id).toBe(other.pricewatchId);
    const undone = await action('mapper', 'undo', { merchantRecordId: record.id }, 'map');
    expect(undone.body.isSuccess).toBe(true);
    expect(await stateOf(record.id)).toMatchObject({ map_status: 'mapped', mapped_id: record.mapped_id });
  });
});

describe('the queue', () => {
  it('offers the most certain record of the scope first, and the next once one is skipped', async () => {
    const scope = await freshScope(10);
    const query = `merchantId=${scope.merchantId}&recordKind=Airport&country=${scope.country}`;
    const first = await call('mapper', 'GET', `${API}/queue?${query}`);
    expect(first.status).toBe(200);
    expect(first.body.remaining).toBeGreaterThanOrEqual(5);
    // The whole scope is within one call's scoring budget: the order is by certainty.
    expect(first.body.scored).toBe(first.body.remaining);
    const best = await rows<{ match: number }>(
      `SELECT max(match) AS match FROM map_scores s JOIN merchant_locations m ON m.id = s.merchant_record_id
        WHERE s.kind = 'location' AND m.merchant_id = $1 AND m.country_code = $2 AND m.location_kind = 'Airport'
          AND m.map_status = 'unmapped'`,
      [scope.merchantId, scope.country],
    );
    expect(first.body.match).toBe(best[0]?.match);
    const next = await call('mapper', 'GET', `${API}/queue?${query}&exclude=${first.body.recordId}`);
    expect(next.body.recordId).not.toBe(first.body.recordId);
    expect(Number(next.body.match)).toBeLessThanOrEqual(Number(first.body.match));
    expect(next.body.remaining).toBe(Number(first.body.remaining) - 1);
    // A filter the area's records lack is refused.
    const suppliers = await call('mapper', 'GET', '/api/mapMerchantSuppliers/queue?country=DE');
    expect(suppliers.status).toBe(400);
  });
});

describe('auto-map', () => {
  it('maps what the preview counted, leaves what people decided, and undoes the whole run', async () => {
    const scope = await freshScope(0);
    const ids = (
      await rows<{ id: number }>(
        `SELECT id FROM merchant_locations WHERE merchant_id = $1 AND country_code = $2 AND location_kind = 'Airport'
          AND map_status = 'unmapped' ORDER BY id`,
        [scope.merchantId, scope.country],
      )
    ).map((r) => r.id);
    // A person blacklisted one and unmapped another of the scope before: both are theirs.
    const [personal, unmappedByPerson, ...rest] = ids as [number, number, ...number[]];
    await action('mapper', 'ignore', { merchantRecordId: personal, note: 'Closed' });
    const firstCandidate = async (id: number) =>
      ((await call('mapper', 'GET', `${API}?id=${id}`)).body.data as { pricewatchId: number }[])[0]
        ?.pricewatchId as number;
    const mappedOnce = await firstCandidate(unmappedByPerson);
    await action('mapper', 'map', { merchantRecordId: unmappedByPerson, pricewatchId: mappedOnce });
    await action('mapper', 'unmap', { merchantRecordId: unmappedByPerson, pricewatchId: mappedOnce });

    const preview = await call('mapper', 'POST', `${API}/auto/preview`, { scope });
    expect(preview.status, JSON.stringify(preview.body)).toBe(202);
    const runId = preview.body.id as number;
    const threshold = 80;
    const planned = await waitForRun(runId, (r) => r.status === 'planned', threshold);
    // Only the records no person touched, each scored.
    expect(planned.total).toBe(rest.length);
    expect(planned.planned).toBe(rest.length);
    expect(planned.atThreshold).toBeGreaterThan(0);
    expect(planned.sample.length).toBe(Math.min(10, planned.atThreshold));
    expect(planned.sample.every((s) => s.match >= threshold)).toBe(true);
    expect(planned.expectedPrecision === null || planned.expectedPrecision <= 1).toBe(true);
    expect(planned.basis).not.toBe('');
    const expected = (
      await rows<{ merchant_record_id: number; pricewatch_id: number; confidence: number }>(
        `SELECT merchant_record_id, pricewatch_id, confidence FROM map_auto_items
          WHERE run_id = $1 AND pricewatch_id IS NOT NULL AND confidence >= $2 ORDER BY merchant_record_id`,
        [runId, threshold],
      )
    ).map((r) => [r.merchant_record_id, r.pricewatch_id, r.confidence]);
    expect(expected.length).toBe(planned.atThreshold);

    // The viewer sees none of it.
    expect((await call('viewer', 'GET', `${API}/auto/${runId}`)).status).toBe(403);
    expect((await call('viewer', 'POST', `${API}/auto/${runId}/start`, { threshold })).status).toBe(403);

    const started = await call('mapper', 'POST', `${API}/auto/${runId}/start`, { threshold });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const twice = await call('mapper', 'POST', `${API}/auto/${runId}/start`, { threshold });
    expect(twice.status).toBe(409);
    const done = await waitForRun(runId, (r) => r.status === 'done');
    // The preview equals the run: the same records, onto the same candidates.
    expect(done.mapped).toBe(planned.atThreshold);
    expect(done.skipped).toBe(0);
    const history = await rows<{ merchant_record_id: number; pricewatch_id: number; confidence: number }>(
      `SELECT merchant_record_id, pricewatch_id, confidence FROM merchant_map_history
        WHERE run_id = $1 AND automatic AND action = 'map' ORDER BY merchant_record_id`,
      [runId],
    );
    expect(history.map((h) => [h.merchant_record_id, h.pricewatch_id, h.confidence])).toEqual(expected);
    // What people decided is as they left it.
    expect((await stateOf(personal))?.map_status).toBe('blacklisted');
    expect((await stateOf(unmappedByPerson))?.map_status).toBe('unmapped');
    const notify = await rows<{ title: string }>(
      "SELECT title FROM notifications WHERE to_email = 'mapper@bmtools.local' AND title = $1",
      [`Auto-map run ${runId} done`],
    );
    expect(notify.length).toBe(1);

    // A person changes one of the run's mappings: the run's undo keeps that one.
    const [touched, ...others] = expected as [[number, number, number], ...[number, number, number][]];
    await action('mapper', 'unmap', { merchantRecordId: touched[0], pricewatchId: touched[1] });
    const undo = await call('mapper', 'POST', `${API}/auto/${runId}/undo`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(202);
    const undone = await waitForRun(runId, (r) => r.status === 'undone');
    expect(undone.undone).toBe(others.length);
    expect(undone.kept).toBe(1);
    for (const [id] of others)
      expect(await stateOf(id)).toMatchObject({ map_status: 'unmapped', mapped_id: null });
    expect((await call('mapper', 'POST', `${API}/auto/${runId}/undo`)).status).toBe(409);
  }, 120_000);

  it('two runs of one scope on two instances never map one record twice', async () => {
    const scope = await freshScope(3);
    const one = await call('mapper', 'POST', `${API}/auto/preview`, { scope });
    const two = await callSecond('mapper', 'POST', `${API}/auto/preview`, { scope });
    const [a, b] = [one.body.id as number, two.body.id as number];
    await waitForRun(a, (r) => r.status === 'planned');
    const plannedB = await waitForRun(b, (r) => r.status === 'planned', 1);
    const [startA, startB] = await Promise.all([
      call('mapper', 'POST', `${API}/auto/${a}/start`, { threshold: 1 }),
      callSecond('mapper', 'POST', `${API}/auto/${b}/start`, { threshold: 1 }),
    ]);
    expect([startA.status, startB.status]).toEqual([202, 202]);
    const [doneA, doneB] = await Promise.all([
      waitForRun(a, (r) => r.status === 'done'),
      waitForRun(b, (r) => r.status === 'done'),
    ]);
    // Every record with a candidate mapped once, by one of the runs; the other skipped it.
    expect(doneA.mapped + doneB.mapped).toBe(plannedB.atThreshold);
    expect(doneA.skipped + doneB.skipped).toBe(plannedB.atThreshold);
    const twice = await rows<{ merchant_record_id: number }>(
      `SELECT merchant_record_id FROM merchant_map_history WHERE run_id IN ($1, $2) AND action = 'map'
        GROUP BY 1 HAVING count(*) > 1`,
      [a, b],
    );
    expect(twice).toEqual([]);
  }, 120_000);

  it('refuses the viewer everything, and a scope the area cannot filter by', async () => {
    expect((await call('viewer', 'GET', `${API}/queue`)).status).toBe(403);
    expect((await call('viewer', 'POST', `${API}/auto/preview`, { scope: {} })).status).toBe(403);
    expect((await call('viewer', 'POST', `${API}/undo`, { storeProcedure: '', values: [] })).status).toBe(
      403,
    );
    const bad = await call('mapper', 'POST', '/api/mapMerchantSuppliers/auto/preview', {
      scope: { country: 'DE' },
    });
    expect(bad.status).toBe(400);
    // The price-watch side has no queue.
    expect((await call('mapper', 'GET', '/api/maplocations/queue')).status).toBe(404);
  });
});

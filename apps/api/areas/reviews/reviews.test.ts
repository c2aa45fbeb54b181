/**
 * Reviews over real HTTP: staff moderate (status and reply) but never change what the customer
 * wrote; nobody creates or deletes a review; the editor, whose role covers content, lists, views
 * and edits them; the viewer only reads; the rating is 1 to 5 in the table; the demo reviews are
 * written in seven languages.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import { demoShare } from '../../test/demo-share.ts';
import type { TestServer } from '../../test/test-server.ts';

const API = '/api/review';
let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);
let pendingId: number;

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  const { rows } = await db.query<{ id: number }>(
    "SELECT min(id) AS id FROM reviews WHERE status = 'pending'",
  );
  pendingId = Number(rows[0]?.id);
});
afterAll(async () => {
  await db.end();
});

describe('moderation', () => {
  it('lets the editor list, view and publish with a reply, leaving what the customer wrote', async () => {
    expect((await call('editor', 'GET', `${API}?pageSize=5`)).status).toBe(200);
    const before = await call('editor', 'GET', `${API}/${pendingId}`);
    expect(before.status).toBe(200);
    const saved = await call('editor', 'PUT', `${API}/${pendingId}`, {
      values: saveValues({
        status: 'published',
        reply: 'Thank you, we have passed this on to the supplier.',
        rating: 1,
        title: 'Changed by staff',
        rowVersion: before.body.rowVersion,
      }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { rows } = await db.query(
      'SELECT status, reply, rating, title, updated_by FROM reviews WHERE id = $1',
      [pendingId],
    );
    expect(rows[0]).toEqual({
      status: 'published',
      reply: 'Thank you, we have passed this on to the supplier.',
      rating: before.body.rating,
      title: before.body.title,
      updated_by: 'editor@bmtools.local',
    });
  });

  it('refuses an unknown status naming it', async () => {
    const response = await call('editor', 'PUT', `${API}/${pendingId}`, {
      values: saveValues({ status: 'hidden' }),
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toEqual(['status']);
  });

  it('keeps the rating between 1 and 5 in the table', async () => {
    await expect(db.query('UPDATE reviews SET rating = 6 WHERE id = $1', [pendingId])).rejects.toThrow(
      /reviews_rating_check/,
    );
    await expect(db.query('UPDATE reviews SET rating = 0 WHERE id = $1', [pendingId])).rejects.toThrow(
      /reviews_rating_check/,
    );
  });
});

describe('rights', () => {
  it('has no create and no delete, for anybody', async () => {
    const rights = (await call('admin', 'GET', '/api/userRights')).body as unknown as string[];
    expect(rights.filter((r) => r.startsWith('BMTools/Review/')).sort()).toEqual([
      'BMTools/Review/Edit',
      'BMTools/Review/List',
      'BMTools/Review/View',
    ]);
    for (const who of ['admin', 'editor']) {
      // Neither is declared: 405 for everyone.
      expect((await call(who, 'DELETE', `${API}/${pendingId}`)).status, who).toBe(405);
      const post = await call(who, 'POST', API, { values: saveValues({ status: 'pending' }) });
      expect(post.status, who).toBe(405);
    }
    expect((await db.query('SELECT 1 FROM reviews WHERE id = $1', [pendingId])).rowCount).toBe(1);
  });

  it('lets the viewer read but not edit, and the mapper not even read', async () => {
    expect((await call('viewer', 'GET', `${API}/${pendingId}`)).status).toBe(200);
    expect(
      (await call('viewer', 'PUT', `${API}/${pendingId}`, { values: saveValues({ status: 'rejected' }) }))
        .status,
    ).toBe(403);
    expect((await call('mapper', 'GET', API)).status).toBe(403);
  });
});

describe('demo reviews', () => {
  it('are a few hundred, in seven languages, each with every rating mood', async () => {
    const { rows } = await db.query<{ language_code: string; n: number; ratings: number }>(
      `SELECT language_code, count(*)::int AS n, count(DISTINCT rating)::int AS ratings
         FROM reviews GROUP BY 1 ORDER BY 1`,
    );
    expect(rows.map((r) => r.language_code)).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    // A few hundred in the full demo (at most 400), its share of that in a smaller one.
    expect(total).toBeGreaterThanOrEqual(200 * (await demoShare(db)));
    expect(total).toBeLessThanOrEqual(400);
    for (const row of rows) expect(row.ratings, row.language_code).toBeGreaterThanOrEqual(3);
  });
});

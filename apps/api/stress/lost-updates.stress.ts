/**
 * Lost updates: 50 saves of one record in parallel, each carrying the row version it read just
 * before. Every save must be either applied (2xx) or refused with 409; none may be answered 2xx and
 * then be overwritten silently. Since each applied save raises the row version by exactly one, the
 * record's final version accounts for the applied saves: start + applied = final, and the applied
 * saves each read a different version (two 2xx saves on one read version would be a lost update).
 * The final title is the marker of the applied save that read the highest version.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../test/api-caller.ts';
import type { TestServer } from '../test/test-server.ts';
import { type Figure, recordFigures } from './figures.ts';

const PARALLEL = 50;
const ROUNDS = Number(process.env.STRESS_LOST_UPDATE_ROUNDS ?? 10);
const RECORD = '/api/pages/2';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
}, 120_000);

afterAll(async () => {
  await db?.end();
  await server?.close();
});

describe('lost updates', () => {
  it(`${PARALLEL} parallel saves of one record: each applied or refused with 409, none lost`, async () => {
    let applied = 0;
    let refused = 0;
    let other = 0;
    let lost = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const start = Number((await call('editor', 'GET', RECORD)).body.rowVersion);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, async (_, i) => {
          const who = i % 2 === 0 ? 'editor' : 'admin';
          const read = Number((await call(who, 'GET', RECORD)).body.rowVersion);
          const marker = `lu-${round}-${i}`;
          const saved = await call(who, 'PUT', RECORD, {
            values: saveValues({ title: marker, rowVersion: read }),
          });
          return { status: saved.status, read, marker };
        }),
      );
      const ok = answers.filter((a) => a.status >= 200 && a.status < 300);
      applied += ok.length;
      refused += answers.filter((a) => a.status === 409).length;
      other += answers.filter((a) => a.status !== 409 && (a.status < 200 || a.status >= 300)).length;
      const final = (await call('editor', 'GET', RECORD)).body;
      const { rows } = await db.query<{ row_version: number }>('SELECT row_version FROM pages WHERE id = 2');
      // Each applied save raised the version once: fewer raises than 2xx answers means lost saves.
      lost += Math.max(0, ok.length - (Number(rows[0]?.row_version) - start));
      expect(new Set(ok.map((a) => a.read)).size).toBe(ok.length);
      expect(Number(final.rowVersion)).toBe(start + ok.length);
      const last = [...ok].sort((a, b) => b.read - a.read)[0];
      expect(final.title).toBe(last?.marker);
    }
    const figures: Figure[] = [
      {
        figure: `parallel saves (${ROUNDS} rounds of ${PARALLEL})`,
        value: `${applied} applied, ${refused} refused with 409`,
        target: 'each applied or 409',
        ok: other === 0,
      },
      { figure: 'other answers', value: String(other), target: '0', ok: other === 0 },
      { figure: 'lost updates (2xx whose change is gone)', value: String(lost), target: '0', ok: lost === 0 },
    ];
    recordFigures('lost-updates', figures);
    expect(other).toBe(0);
    expect(lost).toBe(0);
    expect(applied).toBeGreaterThanOrEqual(ROUNDS);
  }, 300_000);
});

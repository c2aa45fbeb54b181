/**
 * The shipped dashboards (catalog/dashboards.ts, `GET /api/dashboards`): every panel resolves to a
 * list its area has and answers through that list's aggregate; each person sees the panels of the
 * lists they may open and no others, and each panel's figures are the list's own (a number panel's
 * count is the list's count under the same conditions).
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboards } from '../catalog/dashboards.ts';
import { apiCaller, startSignedIn } from './api-caller.ts';
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

interface Panel {
  id: string;
  api: string;
  right: string;
  params: Record<string, string>;
  where: { name: string; type: string; value: unknown }[];
}

const criteria = (panel: Panel) =>
  panel.where.length === 0
    ? ''
    : `&filters=${encodeURIComponent(
        JSON.stringify(
          panel.where.length === 1
            ? { operation: 'eq', ...panel.where[0] }
            : { and: panel.where.map((w) => ({ operation: 'eq', ...w })) },
        ),
      )}`;

describe('dashboards', () => {
  it('ships the desk, mapping and operations dashboards, every panel resolved', () => {
    expect(dashboards().map((d) => d.id)).toEqual(['reservation-desk', 'mapping', 'operations']);
  });

  it('answers every panel of every dashboard through its list’s aggregate', async () => {
    const answer = await call('admin', 'GET', '/api/dashboards');
    expect(answer.status).toBe(200);
    const all = (answer.body as unknown as { panels: Panel[] }[]).flatMap((d) => d.panels);
    expect(all.length).toBe(dashboards().flatMap((d) => d.panels).length);
    for (const panel of all) {
      const query = new URLSearchParams(panel.params).toString();
      const figures = await call('admin', 'GET', `${panel.api}/aggregate?${query}${criteria(panel)}`);
      expect(figures.status, `${panel.id}: ${JSON.stringify(figures.body)}`).toBe(200);
    }
  });

  it('gives a number panel the list’s own count', async () => {
    const [desk] = (await call('admin', 'GET', '/api/dashboards')).body as unknown as { panels: Panel[] }[];
    const open = desk?.panels.find((p) => p.id === 'chargebacks-open') as Panel;
    const figure = await call('admin', 'GET', `${open.api}/aggregate?${criteria(open).slice(1)}`);
    const summary = await call('admin', 'GET', `${open.api}/page-summarize?${criteria(open).slice(1)}`);
    const value = (figure.body.groups as { value: number }[])[0]?.value;
    expect(value).toBe(summary.body.totalItemsCount);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chargebacks WHERE status = 'open'`,
    );
    expect(value).toBe(rows[0]?.n);
  });

  it('shows each person the panels of the lists they may open, and the API refuses the others', async () => {
    const mapper = (await call('mapper', 'GET', '/api/dashboards')).body as unknown as {
      id: string;
      panels: Panel[];
    }[];
    const rights = new Set(
      ((await call('mapper', 'GET', '/api/userRights')).body as unknown as string[]) ?? [],
    );
    const shown = mapper.flatMap((d) => d.panels);
    expect(mapper.map((d) => d.id)).toContain('mapping');
    for (const panel of shown) expect(rights.has(panel.right), panel.id).toBe(true);
    const hidden = dashboards()
      .flatMap((d) => d.panels)
      .filter((p) => !rights.has(p.right));
    expect(hidden.length).toBeGreaterThan(0);
    for (const panel of hidden) {
      expect((await call('mapper', 'GET', `${panel.api}/aggregate`)).status, panel.id).toBe(403);
    }
  });
});

/**
 * The shipped dashboards (catalog/dashboards.ts, `GET /api/dashboards`): every panel resolves to a
 * list its area has and answers through that list's aggregate; each person sees the panels of the
 * lists they may open and no others, and each panel's figures are the list's own (a number panel's
 * count is the list's count under the same conditions). Dashboards are stored and edited: a save
 * by someone with the right is what everyone sees next, checked panel by panel and against the
 * version it started from; the shipped ones reach an existing database by their content's hash,
 * and one edited by staff stays as staff left it.
 */

import type { DashboardDefinition, DashboardEditing, PanelSpec } from '@bm/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboards, SHIPPED_DASHBOARDS } from '../catalog/dashboards.ts';
import { DEFAULT_PRESETS } from '../catalog/presets/default-presets.ts';
import { syncCatalog } from '../src/catalog/sync-catalog.ts';
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
  // The shipped dashboards as shipped again, for the files after this one on the same database.
  for (const d of SHIPPED_DASHBOARDS) await call('admin', 'POST', `/api/dashboards/${d.id}/reset`);
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
    // A state is worded as its list words it.
    const locations = dashboards()
      .find((d) => d.id === 'mapping')
      ?.panels.find((p) => p.id === 'locations');
    expect(locations?.groupLabels).toMatchObject({ mapped: 'Mapped', unmapped: 'Not mapped' });
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

const definitionOf = async (id: string): Promise<DashboardDefinition> => {
  const answer = await call('admin', 'GET', `/api/dashboards/${id}/definition`);
  expect(answer.status).toBe(200);
  return (answer.body as unknown as DashboardEditing).definition;
};

const save = (who: string, definition: Pick<DashboardDefinition, 'id' | 'title' | 'panels' | 'version'>) =>
  call(who, 'PUT', `/api/dashboards/${definition.id}/definition`, {
    title: definition.title,
    panels: definition.panels,
    version: definition.version,
  });

const panelIds = async (who: string, id: string): Promise<string[]> => {
  const all = (await call(who, 'GET', '/api/dashboards')).body as unknown as {
    id: string;
    panels: Panel[];
  }[];
  return all.find((d) => d.id === id)?.panels.map((p) => p.id) ?? [];
};

describe('editing dashboards', () => {
  it('saves added, moved and removed panels, and everyone who sees the dashboard gets them', async () => {
    const before = await definitionOf('operations');
    const [first, second, ...rest] = before.panels;
    const added: PanelSpec = {
      id: 'acknowledged-by-application',
      title: 'Acknowledged exceptions by application',
      kind: 'table',
      entity: 'EMException',
      groupBy: 'applicationName',
      where: { status: 'acknowledged' },
      limit: 5,
    };
    // The first two swapped, the last removed, one added at the end.
    const panels = [second, first, ...rest.slice(0, -1), added] as PanelSpec[];
    const answer = await save('admin', { ...before, title: 'Operations today', panels });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.version).toBe(before.version + 1);
    expect(answer.body.changed).toBe(true);
    const expected = panels.map((p) => p.id);
    expect(await panelIds('admin', 'operations')).toEqual(expected);
    expect(await panelIds('viewer', 'operations')).toEqual(expected);
    const viewer = (await call('viewer', 'GET', '/api/dashboards')).body as unknown as {
      id: string;
      title: string;
      editable: boolean;
    }[];
    expect(viewer.find((d) => d.id === 'operations')).toMatchObject({
      title: 'Operations today',
      editable: false,
    });
    // The new panel's figures come from its list like any other's.
    const panel = (
      (await call('viewer', 'GET', '/api/dashboards')).body as unknown as { id: string; panels: Panel[] }[]
    )
      .find((d) => d.id === 'operations')
      ?.panels.find((p) => p.id === 'acknowledged-by-application') as Panel;
    const figures = await call(
      'viewer',
      'GET',
      `${panel.api}/aggregate?${new URLSearchParams(panel.params)}${criteria(panel)}`,
    );
    expect(figures.status, JSON.stringify(figures.body)).toBe(200);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(DISTINCT application_id)::int AS n FROM em_exceptions WHERE status = 'acknowledged'`,
    );
    expect((figures.body.groups as unknown[]).length).toBe(Math.min(5, rows[0]?.n ?? 0));
  });

  it('refuses a save over a newer one (409), and one by someone without the right (403)', async () => {
    const current = await definitionOf('mapping');
    expect((await save('admin', { ...current, version: current.version - 1 })).status).toBe(409);
    expect((await save('viewer', current)).status).toBe(403);
    expect((await call('viewer', 'GET', '/api/dashboards/mapping/definition')).status).toBe(403);
    expect((await call('mapper', 'POST', '/api/dashboards/mapping/reset')).status).toBe(403);
    expect((await definitionOf('mapping')).version).toBe(current.version);
  });

  it('names the part of a panel that does not resolve, and saves nothing', async () => {
    const current = await definitionOf('mapping');
    const bad: PanelSpec[] = [
      { id: 'a', title: 'A donut without groups', kind: 'donut', entity: 'MerchantLocation' },
      {
        id: 'b',
        title: 'A sum of a text',
        kind: 'number',
        entity: 'Reservation',
        measure: 'sum',
        field: 'currency',
      },
      { id: 'c', title: 'No such list', kind: 'number', entity: 'NoSuchArea' },
      { id: 'c', title: 'A column not listed', kind: 'bars', entity: 'Reservation', groupBy: 'noSuchColumn' },
    ];
    const answer = await save('admin', { ...current, panels: bad });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors as Record<string, string>)).toEqual(
      expect.arrayContaining([
        'panels[0].groupBy',
        'panels[1].field',
        'panels[2].entity',
        'panels[3].id',
        'panels[3].groupBy',
      ]),
    );
    expect(answer.body.message).toMatch(/panels\[0\]\.groupBy/);
    expect((await definitionOf('mapping')).version).toBe(current.version);
    expect((await call('admin', 'GET', '/api/dashboards/no-such-dashboard/definition')).status).toBe(404);
  });

  it('brings a changed shipped dashboard to a database by its hash, and leaves one staff edited alone', async () => {
    // Reservation desk as shipped; operations edited by staff (the first test).
    await call('admin', 'POST', '/api/dashboards/reservation-desk/reset');
    const desk = await definitionOf('reservation-desk');
    const operations = await definitionOf('operations');
    expect(desk.changed).toBe(false);
    expect(operations.changed).toBe(true);
    const changed = SHIPPED_DASHBOARDS.map((d) => ({
      ...d,
      title: `${d.title} (new)`,
      panels: d.panels.slice(1),
    }));
    await syncCatalog(server.db, DEFAULT_PRESETS, changed);
    const deskAfter = await definitionOf('reservation-desk');
    expect(deskAfter).toMatchObject({
      title: 'Reservation desk (new)',
      version: desk.version + 1,
      changed: false,
    });
    expect(deskAfter.panels.map((p) => p.id)).toEqual(desk.panels.slice(1).map((p) => p.id));
    expect(await definitionOf('operations')).toEqual(operations);
    // Nothing changed since: a second sync writes nothing.
    await syncCatalog(server.db, DEFAULT_PRESETS, changed);
    expect((await definitionOf('reservation-desk')).version).toBe(deskAfter.version);
    // The catalogue as shipped again, and the staff's one put back as shipped on request.
    await syncCatalog(server.db);
    expect((await definitionOf('reservation-desk')).title).toBe('Reservation desk');
    const reset = await call('admin', 'POST', '/api/dashboards/operations/reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ title: 'Operations', changed: false });
  });
});

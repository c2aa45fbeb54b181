/**
 * Generated per-area tests of the lists' search (`GET {api}?q=…`), over real HTTP: for every area
 * whose manifest declares searchable fields, a value of one of its rows finds that row (in another
 * case), every row found holds the text in one of those fields, a nonsense text finds none (also
 * in the count), the search holds together with a filter, a role without the list's right is
 * refused with 403, and a bad search with a 400 naming `q`.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_INDEX } from '../areas/index.ts';
import type { EntityManifest } from '../areas/manifest.ts';
import { catalogEntry, entitySpecOf } from '../catalog/entities/index.ts';
import { ROLES } from '../catalog/roles.ts';
import { MAX_SEARCH_LENGTH } from '../src/criteria/parse-criteria.ts';
import { parseExportCriteria, planExport } from '../src/exports/export-plan.ts';
import { apiCaller, startSignedIn } from './api-caller.ts';
import { inTestArea } from './only-area.ts';
import type { TestServer } from './test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db?.end();
});

const NONSENSE = 'zqxj-no-such-text-jxqz';

/** Every area with searchable fields (the ones `npm run test:area` asks for). */
const searchable = AREA_INDEX.flatMap((area) => {
  if (area.kind !== 'entity') return [];
  const spec = entitySpecOf(area);
  return spec?.search && inTestArea(area.entity) ? [{ area, spec, search: spec.search }] : [];
});

const listPath = (area: EntityManifest, params: Record<string, string>) =>
  `${area.api}?${new URLSearchParams(params).toString()}`;

const idIs = (id: unknown) => JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: id });

type Row = Record<string, unknown>;
const rowsOf = (body: unknown): Row[] => (body as { data: Row[] }).data;

it('covers the areas whose lists search, and every area of the console has a search', () => {
  const withFields = AREA_INDEX.filter((a) => a.kind === 'entity' && a.fields);
  expect(searchable.length).toBeGreaterThan(0);
  if (!process.env.TEST_AREA)
    expect(searchable.map((s) => s.area.entity)).toEqual(
      withFields.map((a) => a.kind === 'entity' && a.entity),
    );
});

describe.each(searchable.map((s) => [s.area.entity, s] as const))(
  '%s list search',
  (_entity, { area, search }) => {
    const listRight = `BMTools/${area.entity}/List`;
    const lacking = ROLES.find(
      (role) => role.name !== 'admin' && !role.rights.includes(area.rightOverrides?.List ?? listRight),
    );

    it('finds a row by a value of a searchable field, in any case, and only rows holding the text', async () => {
      const page = await call('admin', 'GET', listPath(area, { pageSize: '200' }));
      expect(page.status).toBe(200);
      const rows = rowsOf(page.body);
      // A row with a searchable value (a list whose demo has no rows, e.g. another user's exports, has nothing to find).
      let found: { row: Row; key: string; value: string } | undefined;
      for (const row of rows) {
        for (const key of search) {
          const value = row[key];
          if (typeof value === 'string' && value.trim().length >= 2) {
            found = { row, key, value: value.trim() };
            break;
          }
        }
        if (found) break;
      }
      if (!found) {
        expect(rows.length === 0 || area.owner !== undefined).toBe(true);
        return;
      }
      const text = found.value.length > 12 ? found.value.slice(2, 12) : found.value;
      const flipped = text === text.toUpperCase() ? text.toLowerCase() : text.toUpperCase();
      const own = await call('admin', 'GET', listPath(area, { q: flipped, filters: idIs(found.row.id) }));
      expect(own.status).toBe(200);
      expect(rowsOf(own.body).map((r) => r.id)).toEqual([found.row.id]);

      const all = await call('admin', 'GET', listPath(area, { q: flipped, pageSize: '100' }));
      expect(all.status).toBe(200);
      const hits = rowsOf(all.body);
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) {
        const holds = search.some((key) =>
          String(hit[key] ?? '')
            .toLowerCase()
            .includes(text.toLowerCase()),
        );
        expect(holds, `row ${String(hit.id)} holds "${text}" in ${search.join(', ')}`).toBe(true);
      }
    });

    it('finds nothing for a nonsense text, in the rows and the count', async () => {
      const page = await call('admin', 'GET', listPath(area, { q: NONSENSE }));
      expect(page.status).toBe(200);
      expect(rowsOf(page.body)).toEqual([]);
      const summary = await call(
        'admin',
        'GET',
        listPath(area, { q: NONSENSE }).replace('?', '/page-summarize?'),
      );
      expect(summary.status).toBe(200);
      expect(summary.body.totalItemsCount).toBe(0);
    });

    it('holds together with a filter: a row the search finds is left out by a filter on another id', async () => {
      const page = await call('admin', 'GET', listPath(area, { pageSize: '1' }));
      const row = rowsOf(page.body)[0];
      if (!row) return;
      const value = search.map((key) => row[key]).find((v): v is string => typeof v === 'string' && v !== '');
      if (value === undefined) return;
      const other = await call('admin', 'GET', listPath(area, { q: value, filters: idIs(-1) }));
      expect(other.status).toBe(200);
      expect(rowsOf(other.body)).toEqual([]);
      const same = await call('admin', 'GET', listPath(area, { q: value, filters: idIs(row.id) }));
      expect(rowsOf(same.body).map((r) => r.id)).toEqual([row.id]);
    });

    it('refuses a role without the list right with 403, whatever the search', async () => {
      if (!lacking) throw new Error(`No demo role lacks ${listRight}`);
      for (const q of ['a', 'x'.repeat(MAX_SEARCH_LENGTH + 1)]) {
        const answer = await call(lacking.name, 'GET', listPath(area, { q }));
        expect(answer.status).toBe(403);
      }
    });

    it('refuses a search too long or given twice with a 400 naming q', async () => {
      const long = await call('admin', 'GET', listPath(area, { q: 'x'.repeat(MAX_SEARCH_LENGTH + 1) }));
      expect(long.status).toBe(400);
      expect(JSON.stringify(long.body)).toMatch(/\bq\b/);
      const twice = await call('admin', 'GET', `${area.api}?q=a&q=b`);
      expect(twice.status).toBe(400);
      expect(JSON.stringify(twice.body)).toMatch(/\bq\b/);
    });
  },
);

describe('an export of a searched list', () => {
  it('reads the rows the list shows: its search and filters together, the search bound as a parameter', () => {
    const criteria = parseExportCriteria({
      source: '/api/reservations',
      selector: [{ field: 'reservationNumber', label: 'Reservation no.' }],
      filter: { operation: 'eq', name: 'status', type: 'text', value: 'confirmed' },
      search: "O'Brien%",
    });
    const plan = planExport(catalogEntry('Reservation'), criteria, 'admin@bmtools.local');
    expect(plan.sql.text).toMatch(/ILIKE/);
    expect(plan.sql.text).not.toContain("O'Brien");
    expect(plan.sql.values).toContain("%O'Brien\\%%");
    expect(plan.sql.values).toContain('confirmed');
  });
});

/**
 * Generated per-relation API tests: every field a manifest declares as naming another area's record
 * (`refersTo`, derived in catalog/relations.ts) is checked over real HTTP on the demo data. Its link
 * leads to a record that exists and is named, not numbered; the other record's related list (the
 * referring area's own list, filtered on the key holding the id) returns that record's rows and no
 * other, with the same count; a role without the referring area's List right is refused it (403),
 * and so is a filter on a column the list does not offer. A new relation is covered by declaring it.
 */
import { type AppRoute, appRoutesSchema, entityRightName } from '@bm/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineArea } from '../areas/manifest.ts';
import { entitySpecOf } from '../catalog/entities/index.ts';
import { quoteIdent } from '../catalog/identifiers.ts';
import { RELATIONS, type Relation, relationsOf } from '../catalog/relations.ts';
import { ROLES } from '../catalog/roles.ts';
import { apiCaller, startSignedIn } from './api-caller.ts';
import { inTestArea } from './only-area.ts';
import type { TestServer } from './test-server.ts';

let server: TestServer;
let db: pg.Client;
let routes: AppRoute[] = [];
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  const answer = await call('admin', 'GET', '/api/app-routes');
  routes = appRoutesSchema.parse(answer.body).routes;
});

afterAll(async () => {
  await db?.end();
});

/** The list view a relation's related list reads (the referring area's catalogue entry). */
function listViewOf(relation: Relation): string {
  const spec = entitySpecOf(relation.from);
  if (!spec) throw new Error(`${relation.from.entity} has no catalogue entry`);
  return spec.view;
}

/** The key column as SQL (a camel-case view column, quoted). */
const keySql = (relation: Relation): string => `"${relation.idKey.replaceAll('"', '""')}"`;

/**
 * A record referred to on the demo data (the most referred one, so the related list has rows), or,
 * when no record of the referring area refers to any, a record of the area referred to.
 */
async function referredRecord(relation: Relation): Promise<{ id: string; referring: number }> {
  const view = quoteIdent(listViewOf(relation));
  const key = keySql(relation);
  const { rows } = await db.query<{ id: string; n: string }>(
    `SELECT ${key}::text AS id, count(*)::text AS n FROM ${view} WHERE ${key} IS NOT NULL
      GROUP BY ${key} ORDER BY count(*) DESC, ${key} LIMIT 1`,
  );
  if (rows[0]) return { id: rows[0].id, referring: Number(rows[0].n) };
  const target = entitySpecOf(relation.to);
  if (!target) throw new Error(`${relation.to.entity} has no catalogue entry`);
  const any = await db.query<{ id: string }>(`SELECT min(id)::text AS id FROM ${quoteIdent(target.view)}`);
  return { id: any.rows[0]?.id ?? '1', referring: 0 };
}

/** The list call's `filters` keeping the rows of one referred record. */
const byReferred = (relation: Relation, id: string) =>
  encodeURIComponent(
    JSON.stringify({ operation: 'eq', name: relation.idKey, type: 'number', value: Number(id) }),
  );

/** A demo role that may not list the referring area (the role a related list must not reach). */
function roleWithout(right: string): string {
  const role = ['editor', 'mapper', 'viewer'].find(
    (name) => !ROLES.find((r) => r.name === name)?.rights.includes(right),
  );
  if (!role) throw new Error(`every demo role holds ${right}`);
  return role;
}

it('declares the relations the issue names, each once', () => {
  const named = RELATIONS.map((r) => `${r.from.entity}.${r.field.key} → ${r.to.entity}`);
  expect(new Set(named).size).toBe(named.length);
  for (const expected of [
    'Payment.reservationNumber → Reservation',
    'ChargeBack.pspReference → Payment',
    'InterceptionTrigger.interceptionName → Interception',
    'PricewatchOffice.supplierName → PricewatchSupplier',
    'PricewatchOffice.locationName → PricewatchLocation',
    'MerchantOffice.supplierName → MerchantSupplier',
    'MerchantOffice.locationName → MerchantLocation',
    'CustomerServiceCase.reservationNumber → Reservation',
    'Insurance.reservationNumber → CustomerReservation',
    'CustomerReservationLog.reservationNumber → CustomerReservation',
    'ChargeBack.reservationNumber → Reservation',
    'ProductPlacement.countryCode → PricewatchLocation',
    'ProductPlacement.supplier → PricewatchSupplier',
    'PricewatchLocation.geoGroupName → PricewatchLocation',
    'PricewatchLocation.countryName → PricewatchLocation',
    'PricewatchLocation.provinceName → PricewatchLocation',
    'PricewatchLocation.cityName → PricewatchLocation',
  ])
    expect(named).toContain(expected);
});

it('fails the derivation for a relation that cannot work, naming the field', () => {
  const target = defineArea({
    entity: 'Target',
    label: 'Targets',
    singular: 'Target',
    titleField: 'name',
    group: 'Content',
    icon: 'x',
    segment: 'target',
    api: '/api/targets',
    actions: ['List', 'View'],
    fields: [{ key: 'name', label: 'Name', type: 'text' }],
  });
  const referring = (field: Parameters<typeof defineArea>[0]['fields']) =>
    defineArea({ ...target, entity: 'Referring', segment: 'referring', sql: 'own', fields: field });
  const name = { key: 'targetName', label: 'Target', type: 'text' as const };
  expect(() => relationsOf([target, referring([{ ...name, refersTo: { entity: 'Nowhere' } }])])).toThrow(
    /Referring\.targetName refers to Nowhere/,
  );
  expect(() => relationsOf([target, referring([{ ...name, refersTo: { entity: 'Target' } }])])).toThrow(
    /names no key holding its id/,
  );
  // An area with its own SQL lists the id itself; without it, nothing could link or filter.
  expect(() =>
    relationsOf([target, referring([{ ...name, refersTo: { entity: 'Target', idKey: 'targetId' } }])]),
  ).toThrow(/does not carry targetId/);
  const listed = relationsOf([
    target,
    referring([
      { ...name, refersTo: { entity: 'Target', idKey: 'targetId' } },
      { key: 'targetId', label: 'Target id', type: 'number', list: { hidden: true } },
    ]),
  ]);
  expect(listed.map((r) => [r.from.entity, r.idKey, r.to.entity])).toEqual([
    ['Referring', 'targetId', 'Target'],
  ]);
});

const chosen = RELATIONS.filter((r) => inTestArea(r.from.entity) || inTestArea(r.to.entity));

describe.each(chosen.map((r) => [`${r.from.entity}.${r.field.key} → ${r.to.entity}`, r] as const))(
  'relation %s',
  (_name, relation) => {
    const listRight = entityRightName(relation.from.entity, 'List', relation.from.rightOverrides);

    it('is published: a link on the referring list and view, a related list on the view referred to', () => {
      const segment = (path: string) => path.split('/')[1];
      const fromRoutes = routes.filter((r) => segment(r.pattern) === relation.from.segment);
      const reference = {
        field: relation.field.key,
        idKey: relation.idKey,
        viewPath: `/${relation.to.segment}/view/:id`,
      };
      for (const route of fromRoutes.filter((r) => r.kind === 'list' || r.kind === 'view'))
        expect(route.references, route.pattern).toContainEqual(reference);
      const view = routes.find((r) => r.kind === 'view' && r.pattern === `/${relation.to.segment}/view/:id`);
      if (relation.from.actions.includes('List'))
        expect(view?.related).toContainEqual(
          expect.objectContaining({ listPath: `/${relation.from.segment}/list`, idKey: relation.idKey }),
        );
    });

    it('links to a record that exists, shown by its name rather than its id', async () => {
      const { id, referring } = await referredRecord(relation);
      const target = await call('admin', 'GET', `${relation.to.api}/${id}`);
      expect(target.status, JSON.stringify(target.body)).toBe(200);
      expect(String(target.body.id)).toBe(id);
      if (referring === 0) return;
      const { rows } = await db.query<{ shown: unknown }>(
        `SELECT "${relation.field.key}" AS shown
           FROM ${quoteIdent(listViewOf(relation))} WHERE ${keySql(relation)} = $1 LIMIT 1`,
        [id],
      );
      const shown = rows[0]?.shown;
      expect(typeof shown === 'string' && shown.trim() !== '', `${relation.field.key} is named`).toBe(true);
      expect(String(shown)).not.toBe(id);
    });

    it("lists the referred record's rows and no other, with their count", async () => {
      const { id } = await referredRecord(relation);
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ${quoteIdent(listViewOf(relation))} WHERE ${keySql(relation)} = $1`,
        [id],
      );
      const expected = Number(rows[0]?.n ?? 0);
      const filters = byReferred(relation, id);
      const list = await call(
        'admin',
        'GET',
        `${relation.from.api}?pageSize=100&pageIndex=0&filters=${filters}`,
      );
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const data = list.body.data as Record<string, unknown>[];
      expect(data.length).toBe(Math.min(expected, 100));
      for (const row of data) expect(String(row[relation.idKey])).toBe(id);
      const summary = await call(
        'admin',
        'GET',
        `${relation.from.api}/page-summarize?pageSize=100&pageIndex=0&filters=${filters}`,
      );
      expect(summary.status).toBe(200);
      expect(summary.body.totalItemsCount).toBe(expected);
    });

    it(`refuses the related list to a role without ${listRight}`, async () => {
      const role = roleWithout(listRight);
      const { id } = await referredRecord(relation);
      const filters = byReferred(relation, id);
      expect((await call(role, 'GET', `${relation.from.api}?pageSize=20&filters=${filters}`)).status).toBe(
        403,
      );
      expect(
        (await call(role, 'GET', `${relation.from.api}/page-summarize?pageSize=20&filters=${filters}`))
          .status,
      ).toBe(403);
    });

    it('refuses a filter on a column the list does not offer, beside the referring one', async () => {
      const { id } = await referredRecord(relation);
      const hidden = encodeURIComponent(
        JSON.stringify({
          and: [
            { operation: 'eq', name: relation.idKey, type: 'number', value: Number(id) },
            { operation: 'eq', name: 'row_version', type: 'number', value: 1 },
          ],
        }),
      );
      const answer = await call('admin', 'GET', `${relation.from.api}?pageSize=20&filters=${hidden}`);
      expect(answer.status).toBe(400);
      // Without the List right, the refusal says nothing about the list's columns.
      const role = roleWithout(listRight);
      expect((await call(role, 'GET', `${relation.from.api}?pageSize=20&filters=${hidden}`)).status).toBe(
        403,
      );
    });
  },
);

/**
 * Resources, their translations and their overrides over real HTTP: what the tables refuse (a
 * second translation of a text in one language, a text longer than its resource's maximum, a
 * maximum lowered below a stored translation, a key out of pattern, an override that ends before it
 * starts or ties another on the same days), what a translation shows of its resource, the filter by
 * resource, and the rights of each role (only the administrator writes; the editor's content areas
 * are the fixed set the demo accounts document, which these are not).
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';

const RESOURCES = '/api/resources';
const TRANSLATIONS = '/api/translationresources';
const OVERRIDES = '/api/translationinterceptions';
let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db.end();
});

async function resourceId(key: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM resources WHERE key = $1', [key]);
  if (!rows[0]) throw new Error(`no resource ${key}`);
  return rows[0].id;
}

let serial = 0;
/** A new resource of its own, so each test starts from a known state. */
async function newResource(maxLength: number | null = 30): Promise<number> {
  serial += 1;
  const created = await call('admin', 'POST', RESOURCES, {
    values: saveValues({
      key: `checkout.test.label${serial}`,
      module: 'checkout',
      defaultText: 'Pay securely',
      maxLength,
      enabled: true,
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

const translation = (resource: number, fields: Record<string, unknown> = {}) =>
  saveValues({
    resourceId: resource,
    languageCode: 'de',
    text: 'Sicher bezahlen',
    status: 'draft',
    translatedBy: 'Katrin Vogel',
    ...fields,
  });

const override = (resource: number, fields: Record<string, unknown> = {}) =>
  saveValues({
    resourceId: resource,
    languageCode: 'de',
    market: 'DE',
    replacementText: 'Sicher und schnell bezahlen',
    validFrom: '2026-12-01',
    validTo: '2026-12-24',
    priority: 50,
    enabled: true,
    ...fields,
  });

/** The answer is a 400 naming the field, as the form shows it under that field. */
function refusedNaming(answer: { status: number; body: Record<string, unknown> }, field: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(Object.keys((answer.body.errors as Record<string, string>) ?? {})).toContain(field);
}

describe('translations', () => {
  it("show their resource's key, default text and maximum length, and list by resource", async () => {
    const resource = await newResource(40);
    const created = await call('admin', 'POST', TRANSLATIONS, { values: translation(resource) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = await call('admin', 'GET', `${TRANSLATIONS}/${created.body.id}`);
    expect(stored.body).toMatchObject({
      resourceId: resource,
      resourceKey: `checkout.test.label${serial}`,
      defaultText: 'Pay securely',
      maxLength: 40,
      languageCode: 'de',
      text: 'Sicher bezahlen',
      status: 'draft',
    });
    const byResource = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'resourceId', type: 'number', value: resource }),
    );
    const list = await call('admin', 'GET', `${TRANSLATIONS}?pageSize=50&filters=${byResource}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: created.body.id, resourceKey: `checkout.test.label${serial}` }),
    ]);
    // The resources list counts the translations of each text.
    const byId = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: resource }),
    );
    const resources = await call('admin', 'GET', `${RESOURCES}?filters=${byId}`);
    expect(resources.body.data).toEqual([expect.objectContaining({ id: resource, translations: 1 })]);
  });

  it('refuses a second translation of a text in one language, naming the language', async () => {
    const resource = await newResource();
    expect((await call('admin', 'POST', TRANSLATIONS, { values: translation(resource) })).status).toBe(201);
    const again = await call('admin', 'POST', TRANSLATIONS, {
      values: translation(resource, { text: 'Bezahlen' }),
    });
    refusedNaming(again, 'languageCode');
    // Another language of the same text is fine.
    const french = await call('admin', 'POST', TRANSLATIONS, {
      values: translation(resource, { languageCode: 'fr', text: 'Payer en toute sécurité' }),
    });
    expect(french.status).toBe(201);
    const { rows } = await db.query(
      'SELECT language_code FROM translation_resources WHERE resource_id = $1 ORDER BY 1',
      [resource],
    );
    expect(rows).toEqual([{ language_code: 'de' }, { language_code: 'fr' }]);
  });

  it("refuses a translation longer than its resource's maximum, on create and on edit", async () => {
    const resource = await newResource(20);
    const long = 'Zahlen Sie jetzt sicher mit Karte';
    refusedNaming(
      await call('admin', 'POST', TRANSLATIONS, { values: translation(resource, { text: long }) }),
      'text',
    );
    const created = await call('admin', 'POST', TRANSLATIONS, { values: translation(resource) });
    expect(created.status).toBe(201);
    const edit = await call('admin', 'PUT', `${TRANSLATIONS}/${created.body.id}`, {
      values: saveValues({ text: long, rowVersion: 1 }),
    });
    refusedNaming(edit, 'text');
    // Exactly the maximum is allowed.
    const exact = await call('admin', 'PUT', `${TRANSLATIONS}/${created.body.id}`, {
      values: saveValues({ text: 'x'.repeat(20), rowVersion: 1 }),
    });
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
  });

  it('refuses an unknown status or language', async () => {
    const resource = await newResource();
    refusedNaming(
      await call('admin', 'POST', TRANSLATIONS, { values: translation(resource, { status: 'approved' }) }),
      'status',
    );
    refusedNaming(
      await call('admin', 'POST', TRANSLATIONS, { values: translation(resource, { languageCode: 'xx' }) }),
      'languageCode',
    );
  });
});

describe('resources', () => {
  it('refuses a key out of pattern or used twice, and a default text over its own maximum', async () => {
    const base = { module: 'search', defaultText: 'Search', enabled: true };
    for (const key of ['Search.Form.Title', 'search', 'search..title', 'search.form title']) {
      refusedNaming(await call('admin', 'POST', RESOURCES, { values: saveValues({ ...base, key }) }), 'key');
    }
    refusedNaming(
      await call('admin', 'POST', RESOURCES, { values: saveValues({ ...base, key: 'search.form.title' }) }),
      'key',
    );
    refusedNaming(
      await call('admin', 'POST', RESOURCES, {
        values: saveValues({ ...base, key: 'search.form.tooLong', defaultText: 'Search now', maxLength: 5 }),
      }),
      'defaultText',
    );
    refusedNaming(
      await call('admin', 'POST', RESOURCES, {
        values: saveValues({ ...base, key: 'search.form.module', module: 'blog' }),
      }),
      'module',
    );
  });

  it('refuses a maximum length below a stored translation or override, naming the maximum', async () => {
    const resource = await newResource(40);
    expect(
      (
        await call('admin', 'POST', TRANSLATIONS, {
          values: translation(resource, { text: 'Sicher bezahlen' }),
        })
      ).status,
    ).toBe(201);
    const lowered = await call('admin', 'PUT', `${RESOURCES}/${resource}`, {
      values: saveValues({ maxLength: 10, rowVersion: 1 }),
    });
    refusedNaming(lowered, 'maxLength');
    expect(
      (
        await call('admin', 'PUT', `${RESOURCES}/${resource}`, {
          values: saveValues({ maxLength: 15, rowVersion: 1 }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('admin', 'POST', OVERRIDES, {
          values: override(resource, { replacementText: 'Bezahlen' }),
        })
      ).status,
    ).toBe(201);
  });

  it('deletes its translations and overrides with it', async () => {
    const resource = await newResource();
    await call('admin', 'POST', TRANSLATIONS, { values: translation(resource) });
    await call('admin', 'POST', OVERRIDES, { values: override(resource, { replacementText: 'Bezahlen' }) });
    expect((await call('admin', 'DELETE', `${RESOURCES}/${resource}`)).status).toBe(200);
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM translation_resources WHERE resource_id = $1) AS t,
              (SELECT count(*)::int FROM translation_interceptions WHERE resource_id = $1) AS i`,
      [resource],
    );
    expect(rows).toEqual([{ t: 0, i: 0 }]);
  });
});

describe('overrides', () => {
  it('refuses one that ends before it starts, and allows a single day', async () => {
    const resource = await newResource(null);
    refusedNaming(
      await call('admin', 'POST', OVERRIDES, {
        values: override(resource, { validFrom: '2026-12-24', validTo: '2026-12-01' }),
      }),
      'validTo',
    );
    const oneDay = await call('admin', 'POST', OVERRIDES, {
      values: override(resource, { validFrom: '2026-11-27', validTo: '2026-11-27' }),
    });
    expect(oneDay.status, JSON.stringify(oneDay.body)).toBe(201);
  });

  it("refuses one longer than its resource's maximum, or on a market that is neither country nor site", async () => {
    const resource = await newResource(20);
    refusedNaming(
      await call('admin', 'POST', OVERRIDES, {
        values: override(resource, { replacementText: 'Jetzt sicher und schnell mit Karte bezahlen' }),
      }),
      'replacementText',
    );
    for (const market of ['de', 'DEU', 'https://www.example.de', 'example']) {
      refusedNaming(
        await call('admin', 'POST', OVERRIDES, {
          values: override(resource, { replacementText: 'Bezahlen', market }),
        }),
        'market',
      );
    }
    const site = await call('admin', 'POST', OVERRIDES, {
      values: override(resource, { replacementText: 'Bezahlen', market: 'www.example.ch' }),
    });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
  });

  it('refuses a tie: the same text, language, market and priority on overlapping days', async () => {
    const resource = await newResource(null);
    expect((await call('admin', 'POST', OVERRIDES, { values: override(resource) })).status).toBe(201);
    const tie = await call('admin', 'POST', OVERRIDES, {
      values: override(resource, { validFrom: '2026-12-20', validTo: '2027-01-06' }),
    });
    refusedNaming(tie, 'priority');
    // A higher priority, another market, later days or a disabled one do not tie.
    for (const fields of [
      { priority: 70 },
      { market: 'AT' },
      { validFrom: '2026-12-25', validTo: '2027-01-06' },
      { enabled: false },
    ]) {
      const answer = await call('admin', 'POST', OVERRIDES, { values: override(resource, fields) });
      expect(answer.status, JSON.stringify(fields)).toBe(201);
    }
  });
});

describe('rights', () => {
  it('lets the viewer and the mapper change nothing; the viewer reads', async () => {
    const resource = await resourceId('search.form.submit');
    const { rows } = await db.query<{ t: number; i: number }>(
      `SELECT (SELECT min(id) FROM translation_resources WHERE resource_id = $1) AS t,
              (SELECT min(id) FROM translation_interceptions) AS i`,
      [resource],
    );
    const ids: Record<string, number> = {
      [RESOURCES]: resource,
      [TRANSLATIONS]: rows[0]?.t ?? 0,
      [OVERRIDES]: rows[0]?.i ?? 0,
    };
    const bodies: Record<string, ReturnType<typeof saveValues>> = {
      [RESOURCES]: saveValues({ key: 'search.form.viewer', module: 'search', defaultText: 'Viewer' }),
      [TRANSLATIONS]: translation(resource, { languageCode: 'sv' }),
      [OVERRIDES]: override(resource, { market: 'SE' }),
    };
    for (const api of [RESOURCES, TRANSLATIONS, OVERRIDES]) {
      for (const who of ['viewer', 'mapper']) {
        expect((await call(who, 'POST', api, { values: bodies[api] })).status, `${who} create ${api}`).toBe(
          403,
        );
        expect(
          (await call(who, 'PUT', `${api}/${ids[api]}`, { values: saveValues({ enabled: false }) })).status,
          `${who} edit ${api}`,
        ).toBe(403);
        expect((await call(who, 'DELETE', `${api}/${ids[api]}`)).status, `${who} delete ${api}`).toBe(403);
      }
      expect((await call('viewer', 'GET', `${api}/${ids[api]}`)).status).toBe(200);
      expect((await call('mapper', 'GET', `${api}/${ids[api]}`)).status).toBe(403);
    }
  });

  it('lets the administrator create, edit and delete all three; the editor has none of them', async () => {
    const lookup = await call('admin', 'GET', '/api/dropdowns/resources?name=search.form.sub');
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toEqual([expect.objectContaining({ name: 'search.form.submit' })]);
    expect((await call('editor', 'GET', '/api/dropdowns/resources?name=search')).status).toBe(403);

    const resource = await call('admin', 'POST', RESOURCES, {
      values: saveValues({ key: 'search.form.editor', module: 'search', defaultText: 'Find a car' }),
    });
    expect(resource.status, JSON.stringify(resource.body)).toBe(201);
    const id = resource.body.id as number;
    const edited = await call('admin', 'PUT', `${RESOURCES}/${id}`, {
      values: saveValues({ description: 'Button of the short search form', rowVersion: 1 }),
    });
    expect(edited.status).toBe(200);
    const made = await call('admin', 'POST', TRANSLATIONS, {
      values: translation(id, { text: 'Auto finden' }),
    });
    expect(made.status).toBe(201);
    const overridden = await call('admin', 'POST', OVERRIDES, {
      values: override(id, { replacementText: 'Los' }),
    });
    expect(overridden.status).toBe(201);
    // The resource last: deleting it would take the other two with it.
    for (const [api, target] of [
      [OVERRIDES, overridden.body.id],
      [TRANSLATIONS, made.body.id],
      [RESOURCES, id],
    ] as const) {
      expect((await call('editor', 'GET', `${api}?pageSize=1`)).status, `editor list ${api}`).toBe(403);
      expect((await call('editor', 'POST', api, { values: [] })).status, `editor create ${api}`).toBe(403);
      expect((await call('editor', 'DELETE', `${api}/${target}`)).status, `editor delete ${api}`).toBe(403);
      expect((await call('admin', 'DELETE', `${api}/${target}`)).status, `admin delete ${api}`).toBe(200);
    }
  });
});

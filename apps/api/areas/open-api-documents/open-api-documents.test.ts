/**
 * Open API documents over real HTTP: the save refuses a document that does not parse as JSON or
 * YAML, or is not OpenAPI 3.x, with a 400 naming the field and nothing written; the Validate route
 * answers where the problem is; a JSON-declared document must be JSON; only administrators write.
 * The validator itself is tested on the demo documents and on the usual mistakes.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateOpenApi } from '../../src/code-validation/validate-openapi.ts';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';
import { DEMO_DOCUMENTS } from './demo.ts';

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

const API = '/api/OpenApiDocument';

const VALID_YAML = `openapi: 3.0.3
info:
  title: Station opening hours API
  version: 1.1.0
paths:
  /stations/{code}/hours:
    get:
      parameters:
        - name: code
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: Opening hours per weekday
`;
const VALID_JSON = JSON.stringify(
  {
    openapi: '3.1.0',
    info: { title: 'Station opening hours API', version: '1.2.0' },
    paths: { '/stations': { get: { responses: { '200': { description: 'Stations' } } } } },
  },
  null,
  2,
);

const documentRecord = (fields: Record<string, unknown> = {}) =>
  saveValues({
    name: 'Station opening hours API',
    apiVersion: '1.1.0',
    description: 'Opening hours of the suppliers’ stations',
    format: 'yaml',
    published: false,
    document: VALID_YAML,
    ...fields,
  });

const count = async () =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM open_api_documents')).rows[0]?.n;

describe('saving a document', () => {
  it('stores a valid YAML or JSON OpenAPI document as written', async () => {
    const yaml = await call('admin', 'POST', API, { values: documentRecord() });
    expect(yaml.status, JSON.stringify(yaml.body)).toBe(201);
    const json = await call('admin', 'POST', API, {
      values: documentRecord({ apiVersion: '1.2.0', format: 'json', document: VALID_JSON }),
    });
    expect(json.status, JSON.stringify(json.body)).toBe(201);
    const read = await call('admin', 'GET', `${API}/${json.body.id}`);
    expect(read.body).toMatchObject({ format: 'json', document: VALID_JSON, published: false });
  });

  it.each([
    [
      'invalid JSON',
      '{\n  "openapi": "3.0.3",\n  "info": }',
      /^Not an OpenAPI 3 document\. Line 3, column 11: /,
    ],
    ['invalid YAML', 'openapi: 3.0.3\ninfo:\n  title: x\n   version: 1\n', /Line \d+, column \d+: /],
    [
      'a Swagger 2 document',
      'swagger: "2.0"\ninfo: { title: x, version: "1" }\npaths: {}\n',
      /openapi must be a 3\.x\.y version/,
    ],
    [
      'a path without "/"',
      VALID_YAML.replace('/stations/{code}/hours', 'stations'),
      /\(at \/paths\/stations\)/,
    ],
    ['an operation without responses', VALID_YAML.replace(/ {6}responses:[\s\S]*$/, ''), /needs responses/],
    ['a list instead of a document', '- openapi: 3.0.3\n', /is an object/],
  ])('refuses %s with a 400 naming the document, and writes nothing', async (_what, document, message) => {
    const before = await count();
    const refused = await call('admin', 'POST', API, {
      values: documentRecord({ apiVersion: '9.9.9', document }),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['document']);
    expect(refused.body.errors?.document).toMatch(message);
    expect(refused.body.message).toContain('document');
    expect(await count()).toBe(before);
  });

  it('refuses an invalid document on edit and keeps the stored one', async () => {
    const created = await call('admin', 'POST', API, { values: documentRecord({ apiVersion: '2.0.0' }) });
    const read = await call('admin', 'GET', `${API}/${created.body.id}`);
    const refused = await call('admin', 'PUT', `${API}/${created.body.id}`, {
      values: saveValues({ document: 'openapi: 3.0.3\npaths: []\n', rowVersion: read.body.rowVersion }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.document).toMatch(/info must be an object/);
    expect((await call('admin', 'GET', `${API}/${created.body.id}`)).body.document).toBe(VALID_YAML);
  });

  it('refuses a document declared JSON that is only YAML, naming the format', async () => {
    const refused = await call('admin', 'POST', API, {
      values: documentRecord({ apiVersion: '3.0.0', format: 'json' }),
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['format']);
  });
});

describe('the Validate button', () => {
  it('answers valid for a good document and the line and column of a bad one', async () => {
    const good = await call('admin', 'POST', '/api/validation/openapi', { code: VALID_YAML });
    expect(good.status).toBe(200);
    expect(good.body.isSuccess).toBe(true);
    const bad = await call('admin', 'POST', '/api/validation/openapi', {
      code: VALID_YAML.replace("'200'", "'OK'"),
    });
    expect(bad.body).toEqual({
      isSuccess: false,
      message:
        'Line 14, column 9: "OK" is not a status code (200, 4XX or default) (at /paths/~1stations~1{code}~1hours/get/responses/OK)',
    });
    const broken = await call('admin', 'POST', '/api/validation/yamlcode', { code: 'a: [1, 2\nb: 3' });
    expect(broken.body.isSuccess).toBe(false);
    expect(broken.body.message).toMatch(/^Line 2, column 1: /);
  });

  it('is open to those who may write documents only', async () => {
    expect((await call('viewer', 'POST', '/api/validation/openapi', { code: VALID_YAML })).status).toBe(403);
  });
});

describe('rights', () => {
  it('lets only the admin create, edit and delete; the viewer lists', async () => {
    const id = (await db.query<{ id: number }>('SELECT min(id) AS id FROM open_api_documents')).rows[0]?.id;
    const read = await call('admin', 'GET', `${API}/${id}`);
    for (const who of ['viewer', 'mapper', 'editor']) {
      expect(
        (await call(who, 'POST', API, { values: documentRecord({ apiVersion: '7.0.0' }) })).status,
        who,
      ).toBe(403);
      const put = await call(who, 'PUT', `${API}/${id}`, {
        values: saveValues({ name: 'Taken over', rowVersion: read.body.rowVersion }),
      });
      expect(put.status, who).toBe(403);
      expect((await call(who, 'DELETE', `${API}/${id}`)).status, who).toBe(403);
    }
    expect((await call('admin', 'GET', `${API}/${id}`)).body.rowVersion).toBe(read.body.rowVersion);
    expect((await call('viewer', 'GET', `${API}?pageSize=5`)).status).toBe(200);
  });
});

describe('validateOpenApi', () => {
  it.each(DEMO_DOCUMENTS.map((d) => [d.name, d.document]))(
    'accepts the demo document %s',
    (_name, document) => {
      expect(validateOpenApi(document).isSuccess).toBe(true);
    },
  );

  it('refuses duplicate operation ids, duplicate keys and alias bombs', () => {
    const twice = `${VALID_YAML}  /stations:\n    get:\n      operationId: a\n      responses: { '200': { description: x } }\n    post:\n      operationId: a\n      responses: { '201': { description: y } }\n`;
    expect(validateOpenApi(twice).message).toMatch(/operationId "a" is used twice/);
    expect(validateOpenApi('openapi: 3.0.3\nopenapi: 3.0.4\n').message).toMatch(
      /^Line 2, column 1: .*unique/,
    );
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 12 }, (_, i) => {
        const prev = i === 0 ? 'a' : `b${i - 1}`;
        return `b${i}: &b${i} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`;
      }),
    ].join('\n');
    expect(validateOpenApi(bomb).isSuccess).toBe(false);
    expect(validateOpenApi('['.repeat(100_000)).isSuccess).toBe(false);
  });
});

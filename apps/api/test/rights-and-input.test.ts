/**
 * Rights and input over real HTTP: lookups behind the rights of their data, form values checked
 * against the form (unknown and prototype keys, select options), ids within their column's range,
 * NUL bytes and deep nesting refused with a 400, preset URLs kept to trusted origins, and no
 * caching of answers that need a token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const ALLOWED_ORIGIN = 'https://partner.example';
let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ REDIRECT_ORIGINS: ALLOWED_ORIGIN });
  for (const name of ['admin', 'editor', 'mapper', 'viewer']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { message?: string; errors?: Record<string, string> };
}

/** `body` as a string is sent verbatim (raw JSON), anything else as JSON. */
const call = async (who: string | null, method: string, path: string, body?: unknown): Promise<Answer> => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = text ? (JSON.parse(text) as Answer['body']) : {};
  } catch {
    parsed = { text };
  }
  return { status: response.status, headers: response.headers, body: parsed };
};

const values = (v: Record<string, unknown>) =>
  Object.entries(v).map(([mapkey, value]) => ({ mapkey, value }));

const rowVersionOf = async (path: string): Promise<number> =>
  Number((await call('admin', 'GET', path)).body.rowVersion);

describe('lookups declare the right of their data', () => {
  it('refuses the interceptions lookup to the mapper, naming the rights', async () => {
    const response = await call('mapper', 'GET', '/api/dropdowns/interceptions');
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/^Missing right .*BMTools\/Interception\/List/);
    expect(response.body).not.toHaveProperty('data');
  });

  it('serves the interceptions lookup to those who edit triggers or read interceptions', async () => {
    for (const who of ['editor', 'viewer', 'admin']) {
      const response = await call(who, 'GET', '/api/dropdowns/interceptions');
      expect(response.status, who).toBe(200);
      expect((response.body.data as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('keeps the languages and suppliers lookups to their areas', async () => {
    expect((await call('mapper', 'GET', '/api/dropdowns/languages2')).status).toBe(403);
    expect((await call('editor', 'GET', '/api/dropdowns/languages2')).status).toBe(200);
    expect((await call('mapper', 'GET', '/api/dropdowns/suppliers')).status).toBe(403);
    expect((await call('viewer', 'GET', '/api/dropdowns/suppliers')).status).toBe(200);
  });
});

describe('form values are fields of the form', () => {
  for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    it(`refuses the key ${key} with a 400 naming it`, async () => {
      const rowVersion = await rowVersionOf('/api/pages/5');
      const response = await call('admin', 'PUT', '/api/pages/5', {
        storeProcedure: 'bm_page_save',
        values: [{ mapkey: key, value: { isAdmin: true } }, ...values({ rowVersion })],
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(key);
      expect(Object.hasOwn(response.body.errors ?? {}, key)).toBe(true);
      expect(response.body.errors?.[key]).toBe('Is not a field of this form');
      expect(await rowVersionOf('/api/pages/5')).toBe(rowVersion);
    });
  }

  it('refuses an unknown key in markedFields of a bulk update', async () => {
    const filters = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: 5 }),
    );
    const response = await call('admin', 'PUT', `/api/pages?filters=${filters}`, {
      values: values({ status: 'draft', markedFields: 'status,__proto__' }),
    });
    expect(response.status).toBe(400);
    expect(Object.hasOwn(response.body.errors ?? {}, '__proto__')).toBe(true);
  });
});

describe('select values are one of their options', () => {
  it('refuses a combobox value that is not a row of its lookup', async () => {
    const rowVersion = await rowVersionOf('/api/pages/5');
    const response = await call('admin', 'PUT', '/api/pages/5', {
      values: values({ languageCode: 'xx-evil', rowVersion }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ languageCode: 'Is not one of the options' });
    expect(response.body.message).toContain('languageCode');
    expect((await call('admin', 'GET', '/api/pages/5')).body.languageCode).not.toBe('xx-evil');
  });

  it('accepts a combobox value of its lookup', async () => {
    const rowVersion = await rowVersionOf('/api/pages/5');
    const response = await call('admin', 'PUT', '/api/pages/5', {
      values: values({ languageCode: 'de', rowVersion }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await call('admin', 'GET', '/api/pages/5')).body.languageCode).toBe('de');
  });

  it('checks a lookup by its value field (interception ids) on create', async () => {
    const bad = await call('editor', 'POST', '/api/interceptiontriggers', {
      values: values({ interceptionId: 2_000_000_000, name: 'Orphan', event: 'click' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ interceptionId: 'Is not one of the options' });
  });

  it('refuses a fixed-list value outside the list', async () => {
    const rowVersion = await rowVersionOf('/api/pages/5');
    const response = await call('admin', 'PUT', '/api/pages/5', {
      values: values({ status: 'deleted', rowVersion }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ status: 'Is not one of the options' });
  });
});

describe('ids, NUL bytes and nesting get a 400, never a 500', () => {
  it('refuses menu ids past the integer range, naming the parameter', async () => {
    for (const id of ['2147483648', '9223372036854775808', '-1', '0', 'NaN', '1e3', '1.5']) {
      const response = await call('admin', 'GET', `/api/menu/json/${id}`);
      expect(response.status, id).toBe(400);
      expect(response.body.errors, id).toHaveProperty('id');
    }
    expect((await call('admin', 'GET', '/api/menu/json/2147483647')).status).toBe(404);
  });

  it('refuses favourite and preset ids past the integer range', async () => {
    const favourite = await call('admin', 'POST', '/api/menu/addfavorite', { menuId: 2 ** 31, path: '/x' });
    expect(favourite.status).toBe(400);
    expect(favourite.body.errors).toHaveProperty('menuId');
    const put = await call('admin', 'PUT', '/api/presets/user/2147483648', {
      rightName: 'BMTools/Page/List',
      definition: '{}',
    });
    expect(put.status).toBe(400);
    expect(put.body.errors).toHaveProperty('id');
    for (const path of ['/api/presets/user', '/api/presets/user/change']) {
      const method = path.endsWith('change') ? 'POST' : 'DELETE';
      const response = await call('admin', method, path, { id: 2 ** 63, rightName: 'BMTools/Page/List' });
      expect(response.status, path).toBe(400);
      expect(response.body.errors, path).toHaveProperty('id');
    }
    const group = await call('admin', 'POST', '/api/presets/user', {
      name: 'x',
      rightName: 'BMTools/Page/List',
      presetGroupId: 2 ** 31,
      definition: '{}',
    });
    expect(group.status).toBe(400);
    expect(group.body.errors).toHaveProperty('presetGroupId');
  });

  it('refuses NUL bytes in the client log, preset names and favourite paths, naming the field', async () => {
    const log = await call('admin', 'POST', '/api/logs', { level: 'error', message: 'a\u0000b', url: '/' });
    expect(log.status).toBe(400);
    expect(log.body.errors).toEqual({ message: 'Must not contain a NUL character' });
    const preset = await call('admin', 'POST', '/api/presets/user', {
      name: 'evil\u0000',
      rightName: 'BMTools/Page/List',
      presetGroupId: 2,
      definition: '{}',
    });
    expect(preset.status).toBe(400);
    expect(preset.body.errors).toHaveProperty('name');
    const favourite = await call('admin', 'POST', '/api/menu/addfavorite', { menuId: 3, path: '/a\u0000' });
    expect(favourite.status).toBe(400);
    expect(favourite.body.errors).toHaveProperty('path');
    const query = await call('admin', 'GET', '/api/dropdowns/languages2?name=a%00b');
    expect(query.status).toBe(400);
    expect(query.body.errors).toHaveProperty('name');
    const param = await call('admin', 'GET', '/api/presets/user/BMTools%00Page');
    expect(param.status).toBe(400);
    expect(param.body.errors).toHaveProperty('rightName');
  });

  it('refuses a NUL escape and deep nesting inside a preset definition', async () => {
    const base = { name: 'nested', rightName: 'BMTools/Page/List', presetGroupId: 2 };
    const nul = await call('admin', 'POST', '/api/presets/user', {
      ...base,
      definition: JSON.stringify({ settings: { frozenField: 'a\u0000' } }),
    });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toHaveProperty(['definition.settings.frozenField']);
    const deep = `${'{"settings":{"filters":{"a":[{"operator":"eq","value":'.repeat(1)}${'['.repeat(100_000)}${']'.repeat(100_000)}}]}}}`;
    const nested = await call('admin', 'POST', '/api/presets/user', { ...base, definition: deep });
    expect(nested.status).toBe(400);
    expect(Object.values(nested.body.errors ?? {}).join()).toMatch(/nested deeper/);
  });

  it('refuses a deeply nested JSON body before its schema runs', async () => {
    const body = `{"values":[{"mapkey":"name","value":${'['.repeat(200_000)}${']'.repeat(200_000)}}]}`;
    const response = await call('admin', 'PUT', '/api/pages/5', body);
    expect(response.status).toBe(400);
    expect(Object.values(response.body.errors ?? {}).join()).toMatch(/nested deeper/);
  });
});

describe('preset URLs stay on trusted origins', () => {
  const save = (definition: Record<string, unknown>) =>
    call('admin', 'POST', '/api/presets/user', {
      name: `urls ${Math.random()}`,
      rightName: 'BMTools/Page/List',
      presetGroupId: 2,
      definition: JSON.stringify({ source: '/api/pages', ...definition }),
    });

  it('refuses a stylesheet from another origin', async () => {
    for (const cssUrl of [
      'https://evil.example/x.css',
      '//evil.example/x.css',
      '/\\evil.example/x.css',
      'data:text/css,body{}',
    ]) {
      const response = await save({ cssUrl });
      expect(response.status, cssUrl).toBe(400);
      expect(response.body.errors, cssUrl).toHaveProperty(['definition.cssUrl']);
    }
  });

  it('accepts a stylesheet on our own origin', async () => {
    expect((await save({ cssUrl: '/styles/list.css' })).status).toBe(201);
    expect((await save({ cssUrl: `${server.baseUrl}/styles/list.css` })).status).toBe(201);
  });

  it('refuses row-action and redirect URLs outside the redirect origins', async () => {
    const action = (pageUrl: string) => ({ rowActions: [{ type: 'open', label: 'Open', pageUrl }] });
    for (const pageUrl of ['https://evil.example/{id}', 'javascript:alert(1)', '//evil.example/x']) {
      const response = await save(action(pageUrl));
      expect(response.status, pageUrl).toBe(400);
      expect(response.body.errors, pageUrl).toHaveProperty(['definition.rowActions.0.pageUrl']);
    }
    const redirect = await save({ actions: { edit: { RedirectUrl: 'https://evil.example/' } } });
    expect(redirect.status).toBe(400);
    expect(redirect.body.errors).toHaveProperty(['definition.actions.edit.RedirectUrl']);
    expect((await save(action(`${ALLOWED_ORIGIN}/booking/{id}`))).status).toBe(201);
    expect((await save(action('/page/view/{id}'))).status).toBe(201);
  });

  it('applies the rule to updates too', async () => {
    const created = await save({});
    expect(created.status).toBe(201);
    const updated = await call('admin', 'PUT', `/api/presets/user/${created.body.id}`, {
      rightName: 'BMTools/Page/List',
      definition: JSON.stringify({ cssUrl: 'https://evil.example/x.css' }),
    });
    expect(updated.status).toBe(400);
    expect(updated.body.errors).toHaveProperty(['definition.cssUrl']);
  });
});

describe('answers that need a token are not cached', () => {
  it('sends Cache-Control: no-store on data, errors and refusals', async () => {
    for (const [who, path] of [
      ['admin', '/api/reservations?pageSize=5'],
      ['admin', '/api/reservations/1'],
      ['admin', '/api/userRights'],
      ['mapper', '/api/dropdowns/interceptions'],
      [null, '/api/reservations'],
      ['admin', '/api/menu/json/2147483648'],
    ] as const) {
      const response = await call(who, 'GET', path);
      expect(response.headers.get('cache-control'), `${who} ${path} ${response.status}`).toBe('no-store');
    }
  });

  it('leaves public answers to their own caching', async () => {
    const response = await call(null, 'GET', '/api/config');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).not.toBe('no-store');
  });
});

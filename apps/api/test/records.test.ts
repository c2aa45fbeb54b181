import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues } from './api-caller.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'editor', 'mapper', 'viewer']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});

const call = apiCaller(() => server.baseUrl, tokens);

const newPage = (suffix: string) => ({
  name: `Test page ${suffix}`,
  url: `/test/${suffix}`,
  languageCode: 'en',
  status: 'draft',
  isActive: true,
  priority: 3,
});

describe('reading a record', () => {
  it('returns the record with its rowVersion to View or Edit rights only', async () => {
    const viewer = await call('viewer', 'GET', '/api/pages/1');
    expect(viewer.status).toBe(200);
    expect(viewer.body).toMatchObject({ id: 1, rowVersion: 1 });
    expect(viewer.body).toHaveProperty('contentHtml');
    expect((await call('mapper', 'GET', '/api/pages/1')).status).toBe(403);
    expect((await call('viewer', 'GET', '/api/pages/abc')).status).toBe(404);
    expect((await call('viewer', 'GET', '/api/pages/999999')).status).toBe(404);
  });

  it('honours sqlViewName and databaseName only from the catalogue', async () => {
    expect(
      (await call('admin', 'GET', '/api/pages/1?sqlViewName=v_page_record&databaseName=main')).status,
    ).toBe(200);
    for (const q of ['sqlViewName=pg_user', 'sqlViewName=v_reservations', 'databaseName=postgres']) {
      const response = await call('admin', 'GET', `/api/pages/1?${q}`);
      expect(response.status).toBe(400);
      expect(String(response.body.message)).toMatch(/not registered/);
    }
  });
});

describe('creating a record', () => {
  it('creates through the registered procedure and answers the save result', async () => {
    const created = await call('editor', 'POST', '/api/pages', {
      storeProcedure: 'bm_page_save',
      values: saveValues(newPage('a')),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isSuccess: true, message: 'Page created' });
    const stored = await call('editor', 'GET', `/api/pages/${created.body.id}`);
    expect(stored.body).toMatchObject({
      name: 'Test page a',
      url: '/test/a',
      updatedBy: 'editor@bmtools.local',
    });
  });

  it('refuses missing required fields, unknown keys and wrong types, naming each', async () => {
    const response = await call('editor', 'POST', '/api/pages', {
      storeProcedure: 'bm_page_save',
      values: saveValues({ url: '/x', priority: 'abc', is_admin: true, status: 'bogus', languageCode: 'en' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      name: 'This field is required',
      priority: 'Must be a whole number',
      is_admin: 'Is not a field of this form',
      status: 'Is not one of the options',
    });
    expect(response.body.message).toContain('name');
  });

  it.each([
    'pg_read_file',
    "public.pg_read_file('/etc/passwd')",
    'BM_PAGE_SAVE',
    '"bm_page_save"',
    'bm_page_delete',
    'bm_page_save; DROP TABLE pages',
  ])('refuses the unregistered procedure %s and writes nothing', async (procedure) => {
    const before = await server.db.query('SELECT count(*)::int AS n FROM pages');
    const response = await call('admin', 'POST', '/api/pages', {
      storeProcedure: procedure,
      values: saveValues(newPage('x')),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ storeProcedure: 'Is not registered for this action' });
    const after = await server.db.query('SELECT count(*)::int AS n FROM pages');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('needs the Create right', async () => {
    expect((await call('viewer', 'POST', '/api/pages', { values: saveValues(newPage('v')) })).status).toBe(
      403,
    );
  });

  it('maps a duplicate to a 400 naming the field', async () => {
    const first = await call('admin', 'POST', '/api/pages', { values: saveValues(newPage('dup')) });
    expect(first.status).toBe(201);
    const again = await call('admin', 'POST', '/api/pages', { values: saveValues(newPage('dup')) });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ url: 'Is already used' });
  });

  it('sanitises HTML on save and stores code verbatim', async () => {
    const html =
      '<p>ok</p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
    const page = await call('admin', 'POST', '/api/pages', {
      values: saveValues({ ...newPage('xss'), contentHtml: html }),
    });
    const stored = await call('admin', 'GET', `/api/pages/${page.body.id}`);
    expect(stored.body.contentHtml).toBe('<p>ok</p><img src="x" /><a rel="noopener noreferrer">x</a>');
    const script = '<script>alert(1)</script>\nconst a = "</script>";';
    const interception = await call('admin', 'POST', '/api/interceptions', {
      values: saveValues({ name: 'Code', pattern: '/x', script, isActive: true }),
    });
    expect(interception.status).toBe(201);
    const code = await call('admin', 'GET', `/api/interceptions/${interception.body.id}`);
    expect(code.body.script).toBe(script);
  });
});

describe('updating a record', () => {
  it('saves on the current rowVersion and refuses a stale one with 409 and the stored record', async () => {
    const page = (await call('editor', 'GET', '/api/pages/2')).body;
    const saved = await call('editor', 'PUT', '/api/pages/2', {
      storeProcedure: 'bm_page_save',
      values: saveValues({ title: 'First edit', rowVersion: page.rowVersion }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ isSuccess: true, id: 2 });
    const stale = await call('admin', 'PUT', '/api/pages/2', {
      values: saveValues({ title: 'Second edit', rowVersion: page.rowVersion }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({
      id: 2,
      title: 'First edit',
      rowVersion: Number(page.rowVersion) + 1,
    });
    expect((await call('admin', 'GET', '/api/pages/2')).body.title).toBe('First edit');
  });

  it('requires a rowVersion, in the values or as If-Match', async () => {
    const missing = await call('admin', 'PUT', '/api/pages/3', { values: saveValues({ title: 'x' }) });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ rowVersion: 'Is required' });
    const current = (await call('admin', 'GET', '/api/pages/3')).body;
    const response = await fetch(`${server.baseUrl}/api/pages/3`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${tokens.admin}`,
        'content-type': 'application/json',
        'if-match': `"${current.rowVersion}"`,
      },
      body: JSON.stringify({ values: saveValues({ title: 'Via If-Match' }) }),
    });
    expect(response.status).toBe(200);
  });

  it('limits an update to the marked fields and ignores read-only ones', async () => {
    const before = (await call('admin', 'GET', '/api/pages/4')).body;
    const response = await call('admin', 'PUT', '/api/pages/4', {
      values: saveValues({
        id: 9999,
        title: 'Marked',
        name: 'Not marked',
        markedFields: 'title',
        rowVersion: before.rowVersion,
      }),
    });
    expect(response.status).toBe(200);
    const after = (await call('admin', 'GET', '/api/pages/4')).body;
    expect(after).toMatchObject({ id: 4, title: 'Marked', name: before.name });
  });

  it('answers 404 for a missing record and 403 without the Edit right', async () => {
    expect(
      (await call('admin', 'PUT', '/api/pages/999999', { values: saveValues({ title: 'x', rowVersion: 1 }) }))
        .status,
    ).toBe(404);
    expect(
      (await call('viewer', 'PUT', '/api/pages/4', { values: saveValues({ title: 'x', rowVersion: 1 }) }))
        .status,
    ).toBe(403);
  });
});

describe('bulk update', () => {
  const filters = encodeURIComponent(
    JSON.stringify({ operation: 'eq', name: 'languageCode', type: 'text', value: 'nl' }),
  );

  it('applies the marked fields to every matching record and reports each', async () => {
    const matching = await server.db.query<{ id: number }>(
      `SELECT id FROM pages WHERE language_code = 'nl' ORDER BY id`,
    );
    const response = await call('admin', 'PUT', `/api/pages/bulk-update?filters=${filters}`, {
      storeProcedure: 'bm_page_save',
      values: saveValues({ priority: 7, markedFields: 'priority' }),
    });
    expect(response.status).toBe(200);
    const results = response.body.results as Array<{ id: number; applied: boolean }>;
    expect(results.map((r) => r.id).sort((a, b) => a - b)).toEqual(matching.rows.map((r) => r.id));
    expect(results.every((r) => r.applied)).toBe(true);
    const { rows } = await server.db.query(`SELECT DISTINCT priority FROM pages WHERE language_code = 'nl'`);
    expect(rows).toEqual([{ priority: 7 }]);
  });

  it('needs marked fields and the BulkEdit right', async () => {
    const unmarked = await call('admin', 'PUT', `/api/pages/bulk-update?filters=${filters}`, {
      values: saveValues({ priority: 1 }),
    });
    expect(unmarked.status).toBe(400);
    expect(unmarked.body.message).toBe('Please choose at least one more fields for the changes.');
    const editor = await call('editor', 'PUT', `/api/pages/bulk-update?filters=${filters}`, {
      values: saveValues({ priority: 1, markedFields: 'priority' }),
    });
    expect(editor.status).toBe(403);
  });
});

describe('publish', () => {
  it('publishes with the Publish right only', async () => {
    const created = await call('admin', 'POST', '/api/interceptions', {
      values: saveValues({ name: 'Banner', pattern: '/cars/*' }),
    });
    expect((await call('editor', 'POST', '/api/interceptions/publish', { id: created.body.id })).status).toBe(
      403,
    );
    const published = await call('admin', 'POST', '/api/interceptions/publish', { id: created.body.id });
    expect(published.status).toBe(200);
    expect((await call('admin', 'GET', `/api/interceptions/${created.body.id}`)).body).toMatchObject({
      status: 'published',
      publishedBy: 'admin@bmtools.local',
    });
    expect((await call('admin', 'POST', '/api/interceptions/publish', { id: 999999 })).status).toBe(404);
  });
});

describe('interception triggers', () => {
  it('are created by an editor, published by an admin, and listed with their interception', async () => {
    const interceptions = await call('editor', 'GET', '/api/dropdowns/interceptions');
    expect(interceptions.status, JSON.stringify(interceptions.body)).toBe(200);
    const first = (interceptions.body.data as Array<{ id: number; name: string }>)[0];
    expect(first).toBeDefined();
    const created = await call('editor', 'POST', '/api/interceptiontriggers', {
      storeProcedure: 'bm_interception_trigger_save',
      values: saveValues({
        interceptionId: first?.id,
        name: 'On click',
        event: 'click',
        selector: '.cta',
        delayMs: 500,
      }),
    });
    expect(created.status).toBe(201);
    expect(
      (await call('editor', 'POST', '/api/interceptiontriggers/publish', { id: created.body.id })).status,
    ).toBe(403);
    expect(
      (await call('admin', 'POST', '/api/interceptiontriggers/publish', { id: created.body.id })).status,
    ).toBe(200);
    const filters = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: created.body.id }),
    );
    const list = await call('viewer', 'GET', `/api/interceptiontriggers?filters=${filters}`);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        name: 'On click',
        interceptionName: first?.name,
        status: 'published',
        delayMs: 500,
      }),
    ]);
  });

  it('refuses an event that is not an option', async () => {
    const response = await call('admin', 'POST', '/api/interceptiontriggers', {
      values: saveValues({ interceptionId: 1, name: 'Bad', event: 'hover' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ event: 'Is not one of the options' });
  });
});

describe('lookups, page configs and code validation', () => {
  it('serves registered dropdowns, filtered by name', async () => {
    const all = await call('viewer', 'GET', '/api/dropdowns/languages2?pageSize=1000');
    expect(all.status).toBe(200);
    expect((all.body.data as unknown[]).length).toBe(10);
    const some = await call('viewer', 'GET', '/api/dropdowns/languages2?name=ger');
    expect(some.body.data).toEqual([{ value: 'de', label: 'German' }]);
    expect((await call('viewer', 'GET', '/api/dropdowns/users')).status).toBe(404);
    expect((await call('viewer', 'GET', '/api/dropdowns/languages2?sqlViewName=pg_user')).status).toBe(400);
  });

  it('lists every page config, each with the rights its screen checks', async () => {
    const configs = (await call('mapper', 'GET', '/api/pageconfigs')).body as unknown as Array<{
      route: string;
      actions: Array<{ rightName: string }>;
    }>;
    const edit = configs.find((c) => c.route === '/pages-config/edit');
    expect(edit?.actions.map((a) => a.rightName)).toEqual(['BMTools/Page/Edit', 'BMTools/Page/Create']);
  });

  it('validates code with real parsers', async () => {
    expect((await call('editor', 'POST', '/api/validation/jscode', { code: 'let a = 1;' })).body).toEqual({
      isSuccess: true,
      message: 'Your code is valid',
    });
    const bad = await call('editor', 'POST', '/api/validation/cscode', { code: 'class A {\n void M( {}\n}' });
    expect(bad.body.isSuccess).toBe(false);
    expect(String(bad.body.message)).toMatch(/^Line 2, column \d+/);
    expect((await call('editor', 'POST', '/api/validation/pycode', { code: 'x' })).status).toBe(400);
  });
});

describe('uploads', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const upload = (directory: string, files: Array<[string, Buffer]>, who = 'editor') => {
    const form = new FormData();
    form.set('directory', directory);
    for (const [name, content] of files) form.append('file', new Blob([content]), name);
    return fetch(`${server.baseUrl}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[who]}` },
      body: form,
    });
  };

  it('stores one file under the storage root and answers its path', async () => {
    const response = await upload('pages/images', [['Hero Image.png', png]]);
    expect(response.status).toBe(200);
    const { filePath } = (await response.json()) as { filePath: string };
    expect(filePath).toMatch(/^pages\/images\/Hero-Image-[0-9a-f]{12}\.png$/);
  });

  it.each(['../', '..%2f', '%252e%252e%252f', '/etc', 'a/../../x'])(
    'refuses the directory %j',
    async (directory) => {
      const response = await upload(directory, [['a.png', png]]);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({
        directory: 'Is not an allowed folder',
      });
    },
  );

  it('refuses two files, a type not on the list, and content that lies about its type', async () => {
    const two = await upload('pages/images', [
      ['a.png', png],
      ['b.png', png],
    ]);
    expect(two.status).toBe(400);
    expect(((await two.json()) as { message: string }).message).toBe(
      '1 file is the maximum number of files you can drop here',
    );
    expect((await upload('pages/images', [['a.html', Buffer.from('<script>')]])).status).toBe(400);
    expect((await upload('pages/images', [['a.png', Buffer.from('GIF89a....')]])).status).toBe(400);
  });
});

/**
 * Bulk edit of ticked rows (`PUT /api/pages/bulk-update` with `ids`), over real HTTP: the marked
 * fields go to exactly the ticked records; an id beyond the cap, outside the list's filter, unknown
 * or not the caller's to list is refused with a 400 naming `ids`, and nothing at all is written
 * (the check and the writes are one transaction).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues } from './api-caller.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'mapper']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});

const call = apiCaller(() => server.baseUrl, tokens);

const dutch = encodeURIComponent(
  JSON.stringify({ operation: 'eq', name: 'languageCode', type: 'text', value: 'nl' }),
);
const bulk = (who: string, ids: unknown, priority: number) =>
  call(who, 'PUT', `/api/pages/bulk-update?filters=${dutch}`, {
    storeProcedure: 'bm_page_save',
    values: saveValues({ priority, markedFields: 'priority' }),
    ids,
  });

const priorities = async (): Promise<Map<number, number>> => {
  const { rows } = await server.db.query<{ id: number; priority: number }>(
    'SELECT id, priority FROM pages ORDER BY id',
  );
  return new Map(rows.map((r) => [r.id, r.priority]));
};

const idsWhere = async (where: string): Promise<number[]> =>
  (await server.db.query<{ id: number }>(`SELECT id FROM pages WHERE ${where} ORDER BY id`)).rows.map(
    (r) => r.id,
  );

describe('bulk update of ticked ids', () => {
  it('changes exactly the ticked records and no other', async () => {
    const matching = await idsWhere(`language_code = 'nl'`);
    expect(matching.length).toBeGreaterThan(3);
    const ticked = matching.slice(0, 3);
    const before = await priorities();
    const answer = await bulk('admin', ticked, 61);
    expect(answer.status).toBe(200);
    const results = answer.body.results as Array<{ id: number; applied: boolean }>;
    expect(results.map((r) => r.id).sort((a, b) => a - b)).toEqual(ticked);
    expect(results.every((r) => r.applied)).toBe(true);
    const after = await priorities();
    for (const [id, priority] of after) {
      expect(priority, `page ${id}`).toBe(ticked.includes(id) ? 61 : before.get(id));
    }
  });

  it('refuses more ids than the cap with a 400 naming ids', async () => {
    const before = await priorities();
    const answer = await bulk(
      'admin',
      Array.from({ length: 1001 }, (_, i) => i + 1),
      62,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty('ids');
    expect(answer.body.errors?.ids).toMatch(/At most 1,000/);
    expect(await priorities()).toEqual(before);
    const empty = await bulk('admin', [], 62);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('ids');
    const text = await bulk('admin', ['1 OR 1=1'], 62);
    expect(text.status).toBe(400);
    expect(Object.keys(text.body.errors ?? {}).some((k) => k.startsWith('ids'))).toBe(true);
  });

  it('refuses an id outside the filter or unknown, and then changes none of the others', async () => {
    const [first, second] = await idsWhere(`language_code = 'nl'`);
    const [outside] = await idsWhere(`language_code <> 'nl'`);
    expect(first && second && outside).toBeTruthy();
    const before = await priorities();
    const answer = await bulk('admin', [first, second, outside], 63);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty('ids');
    expect(answer.body.message).toContain(`Record ${outside} cannot be changed here`);
    expect(answer.body.message).toContain('Nothing was changed');
    const unknown = await bulk('admin', [first, 2_000_000_000], 63);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.ids).toContain('2000000000');
    // The ticked records inside the filter were not written either: one transaction, refused whole.
    expect(await priorities()).toEqual(before);
  });

  it('refuses ids of records the caller may not list, even with the BulkEdit right', async () => {
    // The mapper may not list pages; lend its role BulkEdit alone for this test.
    const grant = `INSERT INTO role_rights (role_id, right_id)
        SELECT (SELECT id FROM roles WHERE name = 'mapper'), id FROM rights WHERE name = 'BMTools/Page/BulkEdit'
        ON CONFLICT DO NOTHING`;
    const revoke = `DELETE FROM role_rights WHERE role_id = (SELECT id FROM roles WHERE name = 'mapper')
        AND right_id = (SELECT id FROM rights WHERE name = 'BMTools/Page/BulkEdit')`;
    const [first] = await idsWhere(`language_code = 'nl'`);
    const before = await priorities();
    await server.db.query(grant);
    try {
      const answer = await bulk('mapper', [first], 64);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty('ids');
    } finally {
      await server.db.query(revoke);
    }
    expect(await priorities()).toEqual(before);
  });
});

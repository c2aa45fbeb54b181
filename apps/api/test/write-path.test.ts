/**
 * The one write path (records/write-path.ts), driven over real HTTP: create, update, bulk update,
 * delete and publish each refuse an unregistered procedure (400) and a missing right (403), and
 * each database refusal class comes back with the same status and body shape whichever action
 * hit it. The refusals are real PostgreSQL errors: some from the schema as shipped, others from
 * constraints and triggers this file adds to its own test database for one case at a time.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'viewer']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
  // Rows named in wp_flaky fail with that SQLSTATE on their first `times` writes (a sequence
  // counts the tries: it is not rolled back with the failed transaction).
  await server.db.query(`
    CREATE TABLE wp_flaky (name text PRIMARY KEY, code text NOT NULL, times integer NOT NULL);
    CREATE SEQUENCE wp_tries;
    CREATE FUNCTION wp_flaky() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      row_name text := CASE WHEN TG_OP = 'DELETE' THEN OLD.name ELSE NEW.name END;
      f wp_flaky;
    BEGIN
      SELECT * INTO f FROM wp_flaky WHERE name = row_name;
      IF FOUND AND nextval('wp_tries') <= f.times THEN
        RAISE EXCEPTION 'simulated %', f.code USING ERRCODE = f.code;
      END IF;
      RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    END $$;
    CREATE TRIGGER wp_flaky BEFORE INSERT OR UPDATE OR DELETE ON pages FOR EACH ROW EXECUTE FUNCTION wp_flaky();
    CREATE TRIGGER wp_flaky BEFORE UPDATE ON interceptions FOR EACH ROW EXECUTE FUNCTION wp_flaky();
  `);
  // The page the unique case collides with (url /wp/taken, the only priority 777).
  await server.db.query(`INSERT INTO pages (name, url, priority) VALUES ('taken', '/wp/taken', 777)`);
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(who: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const values = (v: Record<string, unknown>) =>
  Object.entries(v).map(([mapkey, value]) => ({ mapkey, value }));

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

async function insertPage(name: string, priority = 1): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO pages (name, url, priority, published_at) VALUES ($1, $2, $3, now()) RETURNING id`,
    [name, `/wp/${name}`, priority],
  );
  return rows[0]?.id as number;
}

async function insertInterception(name: string, pattern = '/cars/*'): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO interceptions (name, pattern) VALUES ($1, $2) RETURNING id`,
    [name, pattern],
  );
  return rows[0]?.id as number;
}

/** How one action is sent: `fields` go into the save values, `name` names the row written. */
interface Send {
  who?: string;
  name?: string;
  fields?: Record<string, unknown>;
  storeProcedure?: string;
  /** For publish: the pattern of the interception to publish. */
  pattern?: string;
  /** Runs after the target row exists, right before the request. */
  arm?: (name: string) => Promise<void>;
}

const armed = async (s: Send, name: string) => {
  await s.arm?.(name);
};

type Action = 'create' | 'update' | 'bulk update' | 'delete' | 'publish';

const ACTIONS: Record<Action, (s: Send) => Promise<Answer>> = {
  create: async (s) => {
    const { who = 'admin', name = unique('create'), fields = {}, storeProcedure } = s;
    await armed(s, name);
    return call(who, 'POST', '/api/pages', {
      ...(storeProcedure === undefined ? {} : { storeProcedure }),
      values: values({ name, url: `/wp/${name}`, languageCode: 'en', status: 'draft', ...fields }),
    });
  },
  update: async (s) => {
    const { who = 'admin', name = unique('update'), fields = {}, storeProcedure } = s;
    const id = await insertPage(name);
    await armed(s, name);
    return call(who, 'PUT', `/api/pages/${id}`, {
      ...(storeProcedure === undefined ? {} : { storeProcedure }),
      values: values({ title: 'changed', ...fields, rowVersion: 1 }),
    });
  },
  'bulk update': async (s) => {
    const { who = 'admin', name = unique('bulk'), fields = {}, storeProcedure } = s;
    const id = await insertPage(name);
    await armed(s, name);
    const filters = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: id }),
    );
    const marked = Object.keys(fields).join(',') || 'isActive';
    return call(who, 'PUT', `/api/pages/bulk-update?filters=${filters}`, {
      ...(storeProcedure === undefined ? {} : { storeProcedure }),
      values: values({ isActive: false, ...fields, markedFields: marked }),
    });
  },
  delete: async (s) => {
    const { who = 'admin', name = unique('delete'), storeProcedure } = s;
    const id = await insertPage(name);
    await armed(s, name);
    return call(
      who,
      'DELETE',
      `/api/pages/${id}`,
      storeProcedure === undefined ? undefined : { storeProcedure },
    );
  },
  publish: async (s) => {
    const { who = 'admin', name = unique('publish'), pattern, storeProcedure } = s;
    const id = await insertInterception(name, pattern);
    await armed(s, name);
    return call(who, 'POST', '/api/interceptions/publish', {
      id,
      ...(storeProcedure === undefined ? {} : { storeProcedure }),
    });
  },
};

const SUCCESS: Record<Action, number> = {
  create: 201,
  update: 200,
  'bulk update': 200,
  delete: 200,
  publish: 200,
};

/**
 * A bulk update keeps its per-record report (200 with `results`): a refused record carries the
 * message the single write would have answered. Everything else is the refusal itself.
 */
function refusal(action: Action, answer: Answer): { status: number | 'per record'; body: unknown } {
  if (action !== 'bulk update' || answer.status !== 200) return answer;
  const results = answer.body.results as Array<{ applied: boolean; message: string }>;
  expect(answer.body.isSuccess).toBe(false);
  expect(results).toHaveLength(1);
  expect(results[0]?.applied).toBe(false);
  return { status: 'per record', body: { message: results[0]?.message } };
}

const expectErrorShape = (body: Record<string, unknown>) => {
  expect(typeof body.message).toBe('string');
  for (const key of Object.keys(body)) expect(['message', 'errors', 'current']).toContain(key);
};

describe('every write refuses what the write path refuses', () => {
  const all = Object.keys(ACTIONS) as Action[];

  it.each(all)(
    '%s: an unregistered procedure is a 400 naming storeProcedure, and nothing runs',
    async (action) => {
      for (const storeProcedure of ['pg_read_file', 'bm_reservation_delete', 'BM_PAGE_SAVE']) {
        const before = await server.db.query<{ n: number; v: number }>(
          `SELECT count(*)::int AS n, coalesce(sum(row_version), 0)::int AS v FROM pages`,
        );
        const answer = await ACTIONS[action]({ storeProcedure });
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expectErrorShape(answer.body);
        expect(answer.body.message).toMatch(
          new RegExp(`^storeProcedure "${storeProcedure}" is not registered for`),
        );
        expect(answer.body.errors).toEqual({ storeProcedure: 'Is not registered for this action' });
        const after = await server.db.query<{ n: number; v: number }>(
          `SELECT count(*)::int AS n, coalesce(sum(row_version), 0)::int AS v FROM pages`,
        );
        // update, bulk update and delete insert their target first: one more page, none changed.
        const added = action === 'update' || action === 'bulk update' || action === 'delete' ? 1 : 0;
        expect(after.rows[0]).toEqual({
          n: (before.rows[0]?.n ?? 0) + added,
          v: (before.rows[0]?.v ?? 0) + added,
        });
      }
    },
  );

  it.each(all)('%s: the registered procedure, named or not, runs', async (action) => {
    const named =
      action === 'publish'
        ? 'bm_interception_publish'
        : action === 'delete'
          ? 'bm_page_delete'
          : 'bm_page_save';
    expect((await ACTIONS[action]({ storeProcedure: named })).status).toBe(SUCCESS[action]);
    expect((await ACTIONS[action]({})).status).toBe(SUCCESS[action]);
  });

  it.each([
    ['create', 'BMTools/Page/Create'],
    ['update', 'BMTools/Page/Edit'],
    ['bulk update', 'BMTools/Page/BulkEdit'],
    ['delete', 'BMTools/Page/Delete'],
    ['publish', 'BMTools/Interception/Publish'],
  ] as const)('%s: a caller without %s gets 403', async (action, right) => {
    const answer = await ACTIONS[action]({ who: 'viewer' });
    expect(answer).toEqual({ status: 403, body: { message: `Missing right ${right}` } });
  });
});

/** One class of PostgreSQL refusal: how to provoke it on each action, and what every action answers. */
interface DbCase {
  name: string;
  setup?: string;
  teardown?: string;
  sends: Partial<Record<Action, () => Send | Promise<Send>>>;
  /** The answer per action, or one for all. */
  expected: (action: Action) => { status: number; body: Record<string, unknown> };
}

const notAcceptable = (field: string) => ({
  status: 400,
  body: { message: `A value is not acceptable (${field})`, errors: { [field]: 'Is not acceptable' } },
});

const DB_CASES: DbCase[] = [
  {
    name: 'unique violation (23505)',
    // Published interceptions must have distinct names; priority 777 may be held by one page only.
    setup: `CREATE UNIQUE INDEX wp_published_name ON interceptions (name) WHERE status = 'published';
            CREATE UNIQUE INDEX wp_priority ON pages (priority) WHERE priority = 777;`,
    teardown: 'DROP INDEX wp_published_name; DROP INDEX wp_priority;',
    sends: {
      create: async () => ({ fields: { url: '/wp/taken', priority: 1 } }),
      update: async () => ({ fields: { url: '/wp/taken' } }),
      'bulk update': async () => ({ fields: { priority: 777 } }),
      publish: async () => {
        const name = unique('published twice');
        await server.db.query(`UPDATE interceptions SET status = 'published' WHERE id = $1`, [
          await insertInterception(name),
        ]);
        return { name };
      },
    },
    expected: (action) => {
      const field = action === 'publish' ? 'name' : action === 'bulk update' ? 'priority' : 'url';
      return {
        status: 400,
        body: {
          message: `The ${field} is already used by another record`,
          errors: { [field]: 'Is already used' },
        },
      };
    },
  },
  {
    name: 'foreign key violation (23503)',
    setup: `CREATE TABLE wp_levels (level integer PRIMARY KEY);
            INSERT INTO wp_levels SELECT generate_series(0, 100);
            ALTER TABLE pages ADD CONSTRAINT pages_priority_fkey FOREIGN KEY (priority) REFERENCES wp_levels NOT VALID;
            CREATE TABLE wp_publishers (email text PRIMARY KEY);
            ALTER TABLE interceptions ADD CONSTRAINT interceptions_published_by_fkey
              FOREIGN KEY (published_by) REFERENCES wp_publishers NOT VALID;
            CREATE TABLE page_links (page_id integer NOT NULL REFERENCES pages (id));`,
    teardown: `ALTER TABLE pages DROP CONSTRAINT pages_priority_fkey; DROP TABLE wp_levels;
               ALTER TABLE interceptions DROP CONSTRAINT interceptions_published_by_fkey; DROP TABLE wp_publishers;
               DROP TABLE page_links;`,
    sends: {
      create: () => ({ fields: { priority: 500 } }),
      update: () => ({ fields: { priority: 500 } }),
      'bulk update': () => ({ fields: { priority: 500 } }),
      // The page is linked from page_links before the delete is sent.
      delete: () => ({ name: 'linked' }),
      publish: () => ({}),
    },
    expected: (action) =>
      action === 'delete'
        ? { status: 409, body: { message: 'The page is still used by page links' } }
        : {
            status: 400,
            body:
              action === 'publish'
                ? {
                    message: 'The publishedBy refers to a record that does not exist',
                    errors: { publishedBy: 'Does not exist' },
                  }
                : {
                    message: 'The priority refers to a record that does not exist',
                    errors: { priority: 'Does not exist' },
                  },
          },
  },
  {
    name: 'check violation (23514)',
    setup: `ALTER TABLE pages ADD CONSTRAINT pages_priority_check CHECK (priority <= 1000) NOT VALID;
            ALTER TABLE interceptions ADD CONSTRAINT interceptions_pattern_check
              CHECK (status = 'draft' OR pattern NOT LIKE '/forbidden/%') NOT VALID;`,
    teardown: `ALTER TABLE pages DROP CONSTRAINT pages_priority_check;
               ALTER TABLE interceptions DROP CONSTRAINT interceptions_pattern_check;`,
    sends: {
      create: () => ({ fields: { priority: 5000 } }),
      update: () => ({ fields: { priority: 5000 } }),
      'bulk update': () => ({ fields: { priority: 5000 } }),
      publish: () => ({ pattern: '/forbidden/page' }),
    },
    expected: (action) => notAcceptable(action === 'publish' ? 'pattern' : 'priority'),
  },
  {
    name: 'not-null violation (23502)',
    setup: `UPDATE pages SET published_at = now() WHERE published_at IS NULL;
            ALTER TABLE pages ALTER COLUMN published_at SET NOT NULL;`,
    teardown: 'ALTER TABLE pages ALTER COLUMN published_at DROP NOT NULL;',
    sends: {
      create: () => ({}),
      update: () => ({ fields: { publishedAt: null } }),
    },
    expected: () => ({
      status: 400,
      body: { message: 'The publishedAt is required', errors: { publishedAt: 'This field is required' } },
    }),
  },
  {
    name: 'data exception (22003, a number past the integer range)',
    sends: {
      create: () => ({ fields: { priority: 99_999_999_999 } }),
      update: () => ({ fields: { priority: 99_999_999_999 } }),
      'bulk update': () => ({ fields: { priority: 99_999_999_999 } }),
    },
    expected: () => notAcceptable('values'),
  },
];

describe('each database refusal class answers the same on every action', () => {
  for (const dbCase of DB_CASES) {
    describe(dbCase.name, () => {
      beforeAll(async () => {
        if (dbCase.setup) await server.db.query(dbCase.setup);
        return async () => {
          if (dbCase.teardown) await server.db.query(dbCase.teardown);
        };
      });

      it.each(Object.keys(dbCase.sends) as Action[])('%s', async (action) => {
        const send = await (dbCase.sends[action] as () => Send | Promise<Send>)();
        if (action === 'delete' && send.name === 'linked') {
          const name = unique('linked');
          const id = await insertPage(name);
          await server.db.query('INSERT INTO page_links (page_id) VALUES ($1)', [id]);
          const answer = await call('admin', 'DELETE', `/api/pages/${id}`);
          expect(answer).toEqual(dbCase.expected(action));
          expect((await server.db.query('SELECT 1 FROM pages WHERE id = $1', [id])).rowCount).toBe(1);
          return;
        }
        const answer = await ACTIONS[action](send);
        const expected = dbCase.expected(action);
        const got = refusal(action, answer);
        if (got.status === 'per record') {
          expect(got.body).toEqual({ message: expected.body.message });
        } else {
          expectErrorShape(answer.body);
          expect(got).toEqual(expected);
        }
      });
    });
  }

  it('a shipped constraint (interception trigger delay) is a check violation naming the field', async () => {
    const interceptionId = await insertInterception(unique('for trigger'));
    const answer = await call('admin', 'POST', '/api/interceptiontriggers', {
      values: values({ interceptionId, name: 'late', event: 'click', delayMs: 700_000 }),
    });
    expect(answer).toEqual(notAcceptable('delayMs'));
  });
});

describe('serialization failures and deadlocks are retried once, then a 409', () => {
  afterEach(async () => {
    await server.db.query('DELETE FROM wp_flaky');
  });

  /** Makes the named row fail `times` times with `code`, from now on. */
  const flaky = (code: string, times: number) => async (name: string) => {
    await server.db.query('INSERT INTO wp_flaky (name, code, times) VALUES ($1, $2, $3)', [
      name,
      code,
      times,
    ]);
    await server.db.query(`SELECT setval('wp_tries', 1, false)`);
  };
  /** How many writes of a flaky row were tried. */
  const tries = async () =>
    (
      await server.db.query<{ n: number }>(
        `SELECT CASE WHEN is_called THEN last_value ELSE 0 END::int AS n FROM wp_tries`,
      )
    ).rows[0]?.n;

  const cases = (Object.keys(ACTIONS) as Action[]).flatMap((action) =>
    ['40001', '40P01'].map((code) => [action, code] as const),
  );

  it.each(cases)('%s: one %s is retried and the write succeeds', async (action, code) => {
    const answer = await ACTIONS[action]({ name: unique(`once-${code}`), arm: flaky(code, 1) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(SUCCESS[action]);
    if (action === 'bulk update') expect(answer.body.isSuccess).toBe(true);
    // The failed first try and the successful second one.
    expect(await tries()).toBe(2);
  });

  it.each(cases)('%s: a second %s is a 409 and nothing is written', async (action, code) => {
    const name = unique(`twice-${code}`);
    const answer = await ACTIONS[action]({ name, arm: flaky(code, 2) });
    expect(answer).toEqual({
      status: 409,
      body: { message: 'The record is being changed by another request; try again' },
    });
    expect(await tries()).toBe(2);
    if (action === 'create') {
      expect((await server.db.query('SELECT 1 FROM pages WHERE name = $1', [name])).rowCount).toBe(0);
    }
  });

  it.each(Object.keys(ACTIONS) as Action[])(
    '%s: a connection-class error is not retried and is left to the error handler (503)',
    async (action) => {
      const response = await ACTIONS[action]({ name: unique('gone'), arm: flaky('08006', 2) });
      expect(response).toEqual({
        status: 503,
        body: { message: 'The database is not available right now. Try again in a few seconds.' },
      });
      expect(await tries()).toBe(1);
    },
  );
});

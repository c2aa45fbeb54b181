/**
 * The authorisation matrix, the four demo roles × every route: each route the server registers
 * (bar the public ones) is called over real HTTP as admin, editor, mapper and viewer with harmless
 * input, and each answer is checked against the hand-written rights table and roles of
 * role-matrix-fixture.ts: a role without the right gets exactly 403 `{ message }`; a role with it
 * never gets 401 or 403 (nor a 5xx; 400, 404, 409 and 422 are the input's doing); a record write
 * the area does not offer gets 405 `{ message }` whoever calls. A route the fixture does not know
 * fails the test. Writes never touch demo rows: saves send no values, deletes and record actions
 * name an id no record has, and they run after every read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, startSignedIn } from './api-caller.ts';
import {
  AREAS,
  mayCall,
  type Probe,
  probesOf,
  ROLE_RIGHTS,
  ROLES,
  type Role,
} from './role-matrix-fixture.ts';
import { isPublic, type Route, registeredRoutes } from './routes.ts';
import type { TestServer } from './test-server.ts';

/**
 * Where the server disagrees with the tables. The matrix leaves these (route, probe, role) cases
 * out; each has an `it.fails` below asserting the tables' answer, which turns red once the server
 * agrees (then remove the entry here).
 */
const DISAGREEMENTS: readonly { route: string; path: string; role: Role; why: string }[] = [];

/** Rights a role holds, or lacks, against the tables (GET /api/userRights), each with `it.fails`. */
const RIGHTS_DISAGREEMENTS: readonly { role: Role; right: string; held: boolean; why: string }[] = [];

let server: TestServer;
let routes: Route[] = [];
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);
/** Each area's first demo record, so reading one finds it. */
const firstIds = new Map<string, string>();
let closeDb: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const started = await startSignedIn(tokens);
  server = started.server;
  closeDb = () => started.db.end();
  routes = registeredRoutes(server.app.printRoutes());
  await Promise.all(
    AREAS.map(async (area) => {
      const list = await call('admin', 'GET', `${area.api}?pageSize=1`);
      const id = (list.body?.data as { id?: unknown }[] | undefined)?.[0]?.id;
      if (typeof id === 'number' || typeof id === 'string') firstIds.set(area.api, String(id));
    }),
  );
});
afterAll(async () => {
  await closeDb?.();
});

interface Answer {
  status: number;
  text: string;
}

async function probe(role: Role, method: string, path: string): Promise<Answer> {
  const hasBody = method !== 'GET';
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[role]}`,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { body: '{}' } : {}),
  });
  return { status: response.status, text: await response.text() };
}

/** Exactly 403 with a `{ message }` body (a `code` may come with it). */
function isRefusal(answer: Answer): boolean {
  if (answer.status !== 403) return false;
  try {
    const body = JSON.parse(answer.text) as unknown;
    return (
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { message?: unknown }).message === 'string' &&
      Object.keys(body).every((k) => k === 'message' || k === 'code')
    );
  } catch {
    return false;
  }
}

/** What is wrong with an answer, or undefined when it is what the fixture says. */
function verdict(role: Role, probe: Probe, answer: Answer): string | undefined {
  if ('notOffered' in probe.need) {
    return answer.status === 405 && answer.text.includes('"message"')
      ? undefined
      : `expected 405 {message} (not offered), got ${answer.status} ${answer.text.slice(0, 100)}`;
  }
  const allowed = mayCall(role, probe.need);
  if (allowed && (answer.status === 401 || answer.status === 403 || answer.status >= 500)) {
    return `expected allowed, got ${answer.status} ${answer.text.slice(0, 100)}`;
  }
  if (!allowed && !isRefusal(answer)) {
    return `expected 403 {message}, got ${answer.status} ${answer.text.slice(0, 100)}`;
  }
  return undefined;
}

/**
 * A disagreement's probe: its path with `{first}` standing for the area's first demo record (the
 * fixture reads one with it).
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isKnown = (route: string, path: string, role: Role) =>
  DISAGREEMENTS.some(
    (d) =>
      d.route === route &&
      d.role === role &&
      new RegExp(`^${d.path.split('{first}').map(escapeRegExp).join('\\d+')}$`).test(path),
  );

/** Reads first, then creates and updates, deletes last: no write runs before a read it could spoil. */
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 };

describe('four roles × every route', () => {
  it('the fixture knows every registered route', () => {
    expect(routes.length).toBeGreaterThan(100);
    const unknown = routes
      .filter((r) => !isPublic(r))
      .filter((r) => !probesOf(r.method, r.url, () => undefined))
      .map((r) => `${r.method} ${r.url}: add it to the fixture`);
    expect(unknown).toEqual([]);
  });

  /** A role's rights by GET /api/userRights. */
  const heldBy = async (role: Role) =>
    new Set((await call(role, 'GET', '/api/userRights')).body as unknown as string[]);
  const knownRights = (role: Role, right: string) =>
    RIGHTS_DISAGREEMENTS.some((d) => d.role === role && d.right === right);

  it('each role holds exactly the rights the fixture gives it', async () => {
    const wrong: string[] = [];
    await Promise.all(
      ROLES.map(async (role) => {
        const held = await heldBy(role);
        const expected = ROLE_RIGHTS[role];
        for (const right of expected) {
          if (!held.has(right) && !knownRights(role, right)) wrong.push(`${role} lacks ${right}`);
        }
        for (const right of held) {
          if (!expected.has(right) && !knownRights(role, right)) wrong.push(`${role} also holds ${right}`);
        }
      }),
    );
    expect(wrong.sort()).toEqual([]);
  });

  for (const d of RIGHTS_DISAGREEMENTS) {
    it.fails(`disagreement: ${d.role} ${d.held ? 'holds' : 'lacks'} ${d.right} (${d.why})`, async () => {
      expect((await heldBy(d.role)).has(d.right)).toBe(ROLE_RIGHTS[d.role].has(d.right));
    });
  }

  it('every role gets exactly what the fixture gives it on every route', async () => {
    const guarded = routes
      .filter((r) => !isPublic(r))
      .sort((a, b) => (ORDER[a.method] ?? 9) - (ORDER[b.method] ?? 9));
    const wrong: string[] = [];
    let checked = 0;
    // A few routes at a time, each with its four roles at once; one method class after another.
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const batch = guarded.filter((r) => r.method === method);
      for (let i = 0; i < batch.length; i += 8) {
        await Promise.all(
          batch.slice(i, i + 8).map(async (route) => {
            const key = `${route.method} ${route.url}`;
            for (const p of probesOf(route.method, route.url, (api) => firstIds.get(api)) ?? []) {
              await Promise.all(
                ROLES.map(async (role) => {
                  if (isKnown(key, p.path, role)) return;
                  const problem = verdict(role, p, await probe(role, route.method, p.path));
                  checked++;
                  if (problem) wrong.push(`${key} (${p.path}) as ${role}: ${problem}`);
                }),
              );
            }
          }),
        );
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(wrong.sort()).toEqual([]);
    // Over a thousand calls: about 5 s on an idle machine, far longer on a loaded one.
  }, 180_000);

  for (const d of DISAGREEMENTS) {
    it.fails(`disagreement: ${d.route} as ${d.role}: ${d.why}`, async () => {
      const [method = 'GET', url = ''] = d.route.split(' ');
      const p = probesOf(method, url, (api) => firstIds.get(api))?.find((x) =>
        isKnown(d.route, x.path, d.role),
      );
      expect(p, 'the probe of the disagreement').toBeDefined();
      if (!p) return;
      expect(verdict(d.role, p, await probe(d.role, method, p.path))).toBeUndefined();
    });
  }
});

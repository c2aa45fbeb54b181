/**
 * Who is writing, and from where, for the record journal (docs/adr/0028-record-journal.md). Each
 * request runs in its own context (AsyncLocalStorage); the write path, opening a write's
 * transaction, names the actor (the signed-in person), the action and the source for it
 * (`markWrite`), and the journal's triggers read them. A job names its own (`markJobWrite`).
 *
 * The source is the screen the person was on, as the web sends it (`X-BM-Screen: /pages/edit/4`),
 * else the API route (`PUT /api/pages/:id`), so an API client's writes say how they came.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/pool.ts';

interface WriteContext {
  request: FastifyRequest;
  /** The journal's name for the action, when it is not the write path's (a revert is an update). */
  action?: string;
}

const storage = new AsyncLocalStorage<WriteContext>();

/** A path of the console: what the web sends as the screen a write came from. */
const SCREEN = /^\/[A-Za-z0-9\-._~/:%?=&+]{0,199}$/;

function sourceOf(request: FastifyRequest): string {
  const screen = request.headers['x-bm-screen'];
  if (typeof screen === 'string' && SCREEN.test(screen)) return screen;
  return `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
}

async function writeContextPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ request }, done);
  });
}

/** Gives every request its write context; registered before the routes. */
export const writeContext = fp(writeContextPlugin, { name: 'write-context' });

/** The request whose handler is running (its hooks too), or undefined outside one (a job). */
export function currentRequest(): FastifyRequest | undefined {
  return storage.getStore()?.request;
}

/** Runs `work` with the journal naming its writes `action` (a revert, a restore of a deleted record). */
export function asJournalAction<T>(action: string, work: () => Promise<T>): Promise<T> {
  const store = storage.getStore();
  return store ? storage.run({ ...store, action }, work) : work();
}

const MARK = `SELECT set_config('bm.actor', $1, true), set_config('bm.action', $2, true),
                    set_config('bm.source', $3, true)`;

/**
 * Names the actor, action and source of the write transaction on `client` (for its duration only).
 * Outside a request with a signed-in person it names nobody, and nothing is journalled.
 */
export async function markWrite(client: Queryable, action: string): Promise<void> {
  const store = storage.getStore();
  const actor = store?.request.caller?.email;
  if (!store || !actor) return;
  await client.query(MARK, [actor, store.action ?? action, sourceOf(store.request)]);
}

/** Names the actor, action and source of a job's write transaction (an auto-map run). */
export async function markJobWrite(
  client: Queryable,
  write: { actor: string; action: string; source: string },
): Promise<void> {
  await client.query(MARK, [write.actor, write.action, write.source]);
}

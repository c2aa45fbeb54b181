/**
 * Safe retries (docs/adr/0031-idempotency-keys.md). Every signed-in write (POST, PUT, PATCH,
 * DELETE under /api) may carry an `Idempotency-Key` header; its answer is kept for a day in
 * `idempotency_keys`, per account and key, in the PostgreSQL every instance shares:
 * - the same key with the same request (method, address and body) within the day gets the first
 *   answer again, with `Idempotent-Replayed: true`, and nothing is done a second time;
 * - the same key with another request is refused, 422 naming the header;
 * - a malformed key is refused, 400 naming the header;
 * - a request with a key that another request is still working on waits for it (then gets its
 *   answer, or does the work itself when the other one failed), up to `WAIT_MS`, then 409.
 *
 * A write done in a transaction of the request (the write path's `inWriteTransaction`, preset
 * saves) claims the key as the first statement of that transaction, and the transaction stays open
 * until the answer has been serialized: the answer is stored and committed with the write itself,
 * just before it is sent (the `onSend` hook). So a committed write always has its answer: an
 * instance that dies after the commit leaves an answer any instance replays, and one that dies
 * before it leaves nothing done. An answer of 500 or more rolls the write back instead, and so does
 * a request answered before its work ended (its time limit, a shutdown, the client gone): the
 * retry does the work again, once. A route that writes outside such a transaction has its success
 * (2xx) stored after the fact, so a retry after it gets it too. A refusal that did no work (a 400
 * from validation, a 403) is not kept: the same request again is judged again.
 *
 * Reads ignore the header, and so do public routes and uploads (multipart bodies are not hashed).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from '../db/db-errors.ts';
import { type Db, withTransaction } from '../db/pool.ts';
import { currentRequest } from '../journal/write-context.ts';
import { HttpError } from './http-error.ts';

/** The request header (as Node spells it) and how messages name it. */
const KEY_HEADER = 'idempotency-key';
const KEY_NAME = 'Idempotency-Key';
/** The header a replayed answer carries. */
const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * A key: 8 to 128 letters, digits and `- _ . : ~ + / =` (a UUID, a base64 token), bare or as a
 * structured-field string (`"…"`, the form the web sends).
 */
const KEY = /^[A-Za-z0-9_.:~+/=-]{8,128}$/;
const KEY_RULE = `${KEY_NAME} must be 8 to 128 letters, digits or - _ . : ~ + / = (a UUID will do)`;

/** How long an answer is kept and its key bound to its request. */
const LIFETIME = "interval '24 hours'";
/** How long a request waits for another one holding its key before it gets 409. */
const WAIT_MS = 10_000;
/** Expired rows deleted by one keyed request, at most. */
const SWEEP_BATCH = 100;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An answer as kept. */
interface StoredRow {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
}

/** A write request sent with a key, as this module follows it. */
interface KeyedRequest {
  account: string;
  key: string;
  fingerprint: string;
  /** `POST /api/pages`: which route the key was first used on, for whoever reads the table. */
  route: string;
  /**
   * The transaction holding the key's row until the answer is stored; `done` once it committed or
   * rolled back.
   */
  held?: { client: pg.PoolClient; done: boolean };
  /** Its answer has gone (or is going) out: a replay, a refusal of the key, or any answer sent. */
  answered: boolean;
  /** Its answer is committed in the table. */
  stored: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: KeyedRequest | null;
  }
}

/** Thrown when a request finds its key answered by another one: the error handler replays it. */
export class StoredAnswer extends Error {
  constructor(readonly answer: StoredRow) {
    super('answered before');
  }
}

/** Sends a kept answer, marked as replayed. */
export function replay(reply: FastifyReply, answer: StoredAnswer['answer']): FastifyReply {
  reply.code(answer.status ?? 200).header(REPLAYED_HEADER, 'true');
  if (answer.content_type) reply.type(answer.content_type);
  return reply.send(answer.body ?? '');
}

const refused = (status: number, message: string) => new HttpError(status, message, { [KEY_NAME]: message });

const otherRequest = () =>
  refused(
    422,
    `This ${KEY_NAME} was used for another request (another address or body) in the last 24 hours: send a new key for a new request`,
  );
const gone = () => new HttpError(503, 'The request was answered before its work was done; send it again');
const stillRunning = () =>
  new HttpError(409, `A request with this ${KEY_NAME} is still being worked on: try again in a moment`);

function parseKey(raw: string | string[]): string {
  if (Array.isArray(raw)) throw refused(400, `Send one ${KEY_NAME}, not ${raw.length}`);
  const bare = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
  if (!KEY.test(bare)) throw refused(400, KEY_RULE);
  return bare;
}

/** JSON with every object's keys in order, so the same body sent again hashes the same. */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(object)
        .sort()
        .map((key) => [key, canonical(object[key])]),
    );
  }
  return value;
}

const fingerprintOf = (request: FastifyRequest): string =>
  createHash('sha256')
    .update(JSON.stringify([request.method, request.url, canonical(request.body ?? null)]))
    .digest('hex');

const isMultipart = (request: FastifyRequest): boolean =>
  /^multipart\//i.test(request.headers['content-type'] ?? '');

const routeOf = (request: FastifyRequest): string =>
  `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`.slice(0, 300);

/** The kept answer of a key, if it is younger than a day; also deletes a batch of expired ones. */
async function lookUp(db: Db, keyed: KeyedRequest): Promise<StoredRow | undefined> {
  const { rows } = await db.query<StoredRow>(
    `WITH swept AS (
       DELETE FROM idempotency_keys WHERE (account, key) IN (
         SELECT account, key FROM idempotency_keys WHERE created_at < now() - ${LIFETIME}
          ORDER BY created_at LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
     )
     SELECT fingerprint, status, content_type, body FROM idempotency_keys
      WHERE account = $1 AND key = $2 AND created_at >= now() - ${LIFETIME}`,
    [keyed.account, keyed.key],
  );
  return rows[0];
}

/**
 * Claims the key in the transaction on `client`: its row is inserted (or an expired one taken
 * over). When a younger row exists, or another transaction inserts one first (this one waits for
 * it), the request is answered from that row instead: replayed, refused as another request, or
 * 409 while it has no answer.
 */
async function claim(client: pg.PoolClient, keyed: KeyedRequest): Promise<void> {
  await client.query(`SET LOCAL lock_timeout = ${WAIT_MS}`);
  let claimed: number;
  try {
    const inserted = await client.query(
      `INSERT INTO idempotency_keys AS k (account, key, fingerprint, request) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, request = EXCLUDED.request, status = NULL,
              content_type = NULL, body = NULL, created_at = now()
        WHERE k.created_at < now() - ${LIFETIME}
       RETURNING 1`,
      [keyed.account, keyed.key, keyed.fingerprint, keyed.route],
    );
    claimed = inserted.rowCount ?? 0;
  } catch (error) {
    // lock_not_available: the other request holding the key has not finished within WAIT_MS.
    if ((error as { code?: unknown }).code === '55P03') throw stillRunning();
    throw error;
  }
  await client.query('SET LOCAL lock_timeout TO DEFAULT');
  if (claimed > 0) return;
  const { rows } = await client.query<StoredRow>(
    'SELECT fingerprint, status, content_type, body FROM idempotency_keys WHERE account = $1 AND key = $2',
    [keyed.account, keyed.key],
  );
  keyed.answered = true;
  const row = rows[0];
  if (!row) throw stillRunning();
  if (row.fingerprint !== keyed.fingerprint) throw otherRequest();
  if (row.status === null) throw stillRunning();
  throw new StoredAnswer(row);
}

async function rollBack(client: pg.PoolClient): Promise<void> {
  // A failed ROLLBACK means the connection is broken: release it with the error so the pool drops it.
  const broken = await client.query('ROLLBACK').then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  client.release(broken);
}

const STORE_ANSWER = `UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5
                       WHERE account = $1 AND key = $2`;

/**
 * Runs `work` in one transaction, as `withTransaction` does. In a request sent with a key, the
 * transaction first claims the key (see `claim`) and is left open when `work` ends: the request's
 * answer is stored in it and it commits just before that answer is sent, or it rolls back when the
 * answer is 500 or more. With `answerNow`, the answer is `work`'s result itself (a 200 of it as
 * JSON): it is stored and committed at once, for a route that must act after the commit (queueing
 * a job for the row it wrote).
 */
export async function inRequestTransaction<T>(
  db: Db,
  work: (client: pg.PoolClient) => Promise<T>,
  { answerNow = false }: { answerNow?: boolean } = {},
): Promise<T> {
  const keyed = currentRequest()?.idempotency;
  // One transaction per request holds the key; any other runs as usual.
  if (!keyed || keyed.stored || keyed.held) return withTransaction(db, work);
  // Answered already (its time limit, a shutdown, the client gone): done now, the write would be
  // nobody's, and a retry with the key would not find it.
  if (keyed.answered) throw gone();
  const client = await db.connect();
  let result: T;
  try {
    await client.query('BEGIN');
    await claim(client, keyed);
    result = await work(client);
    // Answered meanwhile: nobody gets this answer, so nothing of it may stay.
    if (keyed.answered) throw gone();
    if (answerNow) {
      await client.query(STORE_ANSWER, [
        keyed.account,
        keyed.key,
        200,
        'application/json; charset=utf-8',
        JSON.stringify(result),
      ]);
      await client.query('COMMIT');
    }
  } catch (error) {
    await rollBack(client);
    throw error;
  }
  if (answerNow) {
    client.release();
    keyed.stored = true;
  } else {
    keyed.held = { client, done: false };
  }
  return result;
}

/** The answer's body as kept: JSON and text; anything else (a stream) is kept as no body. */
function bodyOf(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

const contentTypeOf = (reply: FastifyReply): string | null => {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' ? type : null;
};

/** Ends the held transaction: commits it with the answer, or rolls it back (answer ≥ 500). */
async function settle(
  keyed: KeyedRequest,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const held = keyed.held;
  if (!held || held.done) return payload;
  held.done = true;
  if (reply.statusCode >= 500) {
    await rollBack(held.client);
    return payload;
  }
  try {
    await held.client.query(STORE_ANSWER, [
      keyed.account,
      keyed.key,
      reply.statusCode,
      contentTypeOf(reply),
      bodyOf(payload),
    ]);
    await held.client.query('COMMIT');
  } catch (error) {
    // Whether a COMMIT cut off by the connection took effect is unknown; the key settles it on the
    // retry: committed, it is replayed; not, the work is done then.
    held.client.release(error instanceof Error ? error : new Error(String(error)));
    request.log.warn({ err: error }, 'a keyed write could not be committed');
    reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .type('application/json; charset=utf-8');
    return JSON.stringify({ message: DATABASE_UNAVAILABLE_MESSAGE });
  }
  held.client.release();
  keyed.stored = true;
  return payload;
}

/** Keeps the success of a route that wrote outside a request transaction. */
async function storeAfter(
  db: Db,
  keyed: KeyedRequest,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  try {
    await db.query(
      `INSERT INTO idempotency_keys AS k (account, key, fingerprint, request, status, content_type, body)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (account, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, request = EXCLUDED.request, status = EXCLUDED.status,
              content_type = EXCLUDED.content_type, body = EXCLUDED.body, created_at = now()
        WHERE k.created_at < now() - ${LIFETIME}`,
      [
        keyed.account,
        keyed.key,
        keyed.fingerprint,
        keyed.route,
        reply.statusCode,
        contentTypeOf(reply),
        bodyOf(payload),
      ],
    );
    keyed.stored = true;
  } catch (error) {
    // The write is done and answered; only a retry of it would not be recognised.
    request.log.warn({ err: error }, 'the answer of a keyed write could not be kept');
  }
}

async function idempotencyPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  app.decorateRequest('idempotency', null);

  // After access control (the caller is known) and the body's parsing, before its validation.
  app.addHook('preValidation', async (request, reply) => {
    const raw = request.headers[KEY_HEADER];
    if (raw === undefined || !WRITES.has(request.method) || !request.caller || isMultipart(request)) return;
    const keyed: KeyedRequest = {
      account: request.caller.email.toLowerCase(),
      key: parseKey(raw),
      fingerprint: fingerprintOf(request),
      route: routeOf(request),
      answered: false,
      stored: false,
    };
    request.idempotency = keyed;
    // However the exchange ends, a transaction still held is rolled back: the answer went nowhere.
    reply.raw.once('close', () => {
      keyed.answered = true;
      const held = keyed.held;
      if (held && !held.done) {
        held.done = true;
        void rollBack(held.client);
      }
    });
    const earlier = await lookUp(db, keyed);
    if (!earlier) return;
    keyed.answered = true;
    if (earlier.fingerprint !== keyed.fingerprint) throw otherRequest();
    if (earlier.status === null) throw stillRunning();
    return replay(reply, earlier);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const keyed = request.idempotency;
    if (!keyed) return payload;
    const wasAnswered = keyed.answered;
    keyed.answered = true;
    if (keyed.held) return settle(keyed, request, reply, payload);
    if (!wasAnswered && !keyed.stored && reply.statusCode >= 200 && reply.statusCode < 300) {
      await storeAfter(db, keyed, request, reply, payload);
    }
    return payload;
  });
}

/** Follows every write request's `Idempotency-Key`; registered after access control, before the routes. */
export const idempotency = fp(idempotencyPlugin, { name: 'idempotency' });

/** The header as the API document describes it on every write. */
const DOCUMENTED_HEADER = {
  name: KEY_NAME,
  in: 'header',
  required: false,
  description:
    'Makes the write safe to retry: the same key with the same request within 24 hours returns the first answer (with `Idempotent-Replayed: true`) without doing the work again; the same key with another request is refused (422). 8 to 128 letters, digits or `- _ . : ~ + / =`, bare or quoted; a UUID per logical write.',
  schema: { type: 'string' },
} as const;

/** Adds `Idempotency-Key` to every write operation of an OpenAPI document but uploads. */
export function documentIdempotencyKey<D extends { paths?: unknown }>(document: D): D {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, operations] of Object.entries(paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!WRITES.has(method.toUpperCase()) || typeof operation !== 'object' || operation === null) continue;
      const op = operation as {
        parameters?: Array<Record<string, unknown>>;
        requestBody?: { content?: Record<string, unknown> };
      };
      // One operation object may serve several methods of a route: it gets the header once.
      if (op.parameters?.some((p) => p.in === 'header' && p.name === KEY_NAME)) continue;
      if (Object.keys(op.requestBody?.content ?? {}).some((type) => type.startsWith('multipart/'))) continue;
      op.parameters = [...(op.parameters ?? []), { ...DOCUMENTED_HEADER, schema: { type: 'string' } }];
    }
  }
  return document;
}

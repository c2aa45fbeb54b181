/**
 * Read replicas (docs/adr/0032-read-replicas.md): which database a read goes to.
 *
 * With DATABASE_READ_URLS set, this instance keeps a pool per streaming replica and checks every
 * replica each HEALTH_INTERVAL_MS: its replay position, and how far behind the primary it is. A
 * replica is in use while it answers, is still a standby and is at most `maxLagMs` behind; one that
 * fails a check or a read is left out until a later check passes. A routed read (`read`) then goes:
 * - to the primary when it runs in a request that writes (every read beside a write stays with it);
 * - else to a replica in use that has replayed the reader's latest write (read-your-writes: the WAL
 *   position each account's last write reached is kept on the primary, in `write_positions`, so
 *   this holds whichever instance served the write);
 * - else to the primary.
 * A read a replica fails (cut connection, a conflict with replay) is run again on the primary.
 *
 * Without replicas a routed read runs on the primary at once: no lookup, no extra statement.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { missingRight } from '../auth/access.ts';
import { HttpError } from '../http/http-error.ts';
import { currentRequest } from '../journal/write-context.ts';
import { isDatabaseUnavailable } from './db-errors.ts';
import { createPool, type Db } from './pool.ts';

/** How often each replica (and the primary's WAL position, the yardstick of lag) is checked. */
const HEALTH_INTERVAL_MS = 1000;
/** A check unanswered this long counts as a failure. */
const HEALTH_TIMEOUT_MS = 2000;
/** Connections of each replica's health-check pool. */
const HEALTH_POOL_SIZE = 1;
/** How long a long read (`choose`) may wait for a replica to replay its reader's latest write. */
const CHOOSE_WAIT_MS = 2.5 * HEALTH_INTERVAL_MS;
/** How long this instance keeps an account's reads on the primary after its write could not be recorded. */
const UNRECORDED_MS = 60_000;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The answer header naming where a request's routed reads ran (`replica` or `primary`), with replicas. */
const READ_SOURCE_HEADER = 'x-read-source';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request's routed reads ran; null when it made none (or without replicas). */
    readSource: 'replica' | 'primary' | null;
  }
}

/** Notes where a routed read ran on the request it serves (a job's reads serve none). */
function noteSource(source: 'replica' | 'primary'): void {
  const request = currentRequest();
  // A request that read the primary once says so, even if another of its reads was on a replica.
  if (request && request.readSource !== 'primary') request.readSource = source;
}

/** A WAL position (`16/B374D848`) as a byte offset. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high || '0'}`) << 32n) + BigInt(`0x${low || '0'}`);
}

/** What the replication page shows of one configured replica, as this instance sees it. */
interface ReplicaStatus {
  /** host:port/database of its URL (never the password). */
  name: string;
  inUse: boolean;
  /** Why it is not in use; null while it is. */
  reason: string | null;
  /** At most this many milliseconds behind the primary, at the last check; null: not known. */
  lagMs: number | null;
  replayLsn: string | null;
  /** WAL bytes the primary had written and this replica had not replayed, at the last check. */
  behindBytes: number | null;
  /** Its WAL replay is paused (pg_wal_replay_pause). */
  replayPaused: boolean;
  checkedAt: string | null;
  /** Routed reads it has served on this instance since the start. */
  reads: number;
}

export interface ReadRoutingStatus {
  maxLagMs: number;
  /** Routed reads served by the primary on this instance since the start (no replica fit, or none). */
  primaryReads: number;
  replicas: ReplicaStatus[];
}

/** Where a routed read runs. */
interface ReadTarget {
  /** The replica's name, or undefined for the primary. */
  replica: string | undefined;
  /** The caller's right was confirmed on the primary for this read: the read need not check it again. */
  rightChecked: boolean;
}

export interface ReadRouter {
  readonly primary: Db;
  /** Replicas are configured (DATABASE_READ_URLS). */
  readonly replicated: boolean;
  /**
   * Runs `work` on the database `account`'s read should use (see the module comment). With
   * `right`, the lookup on the primary also confirms that the account holds it (403 otherwise).
   */
  read<T>(
    account: string,
    work: (db: Db, target: ReadTarget) => Promise<T>,
    options?: { right?: string },
  ): Promise<T>;
  /**
   * The database for one long read of `account` that cannot simply start again (an export's
   * cursor), waiting up to a few seconds for a replica to have the account's latest write; when the
   * read fails on a replica, `readFailed` leaves the replica out.
   */
  choose(account: string): Promise<{ db: Db; replica: string | undefined }>;
  readFailed(replica: string, error: unknown): void;
  /** Records the WAL position `account`'s latest write reached (after it committed). */
  recordWrite(account: string): Promise<void>;
  status(): ReadRoutingStatus;
  /** Checks every replica now (the periodic check does it anyway); for tests and the start. */
  checkNow(): Promise<void>;
  close(): Promise<void>;
}

interface Replica {
  name: string;
  pool: Db;
  health: Db;
  /** The last check's answer; undefined before the first one. */
  checked?: {
    at: number;
    error?: string;
    standby?: boolean;
    replay?: bigint;
    replayText?: string;
    lagMs?: number | null;
    behindBytes?: number | null;
    paused?: boolean;
  };
  /** A read it failed, left out until a check started after it passes. */
  failure?: { at: number; message: string };
  checking: boolean;
  reads: number;
}

/** A replica URL as the page may show it. */
function nameOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'replica';
  }
}

const normalise = (account: string): string => account.trim().toLowerCase();

/**
 * Errors a read on a replica may meet that the primary would not: the replica gone or restarting,
 * a conflict with the WAL it replays (a row the read needs was vacuumed on the primary), or a
 * statement a standby refuses (read-only).
 */
function replicaMayNotServe(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01' || code === '25006';
}

/**
 * The WAL position the account's reads must see: its latest write's, or the floor (see the
 * migration) when it wrote nothing since, or the primary's current position when the table was
 * emptied by a crash. With a right, also whether the account holds it.
 */
const LOOKUP = `SELECT greatest((SELECT lsn FROM write_positions WHERE account = $1),
                  coalesce((SELECT lsn FROM write_positions WHERE account = ''), pg_current_wal_insert_lsn())
                )::text AS lsn`;
const LOOKUP_WITH_RIGHT = `${LOOKUP.replace(' AS lsn', ' AS lsn, bm_has_right($1, $2) AS held')}`;

/** The insert position once the write committed is at or past its commit; the floor is put back if missing. */
const RECORD = `INSERT INTO write_positions (account, lsn)
                VALUES ($1, pg_current_wal_insert_lsn()), ('', pg_current_wal_insert_lsn())
                ON CONFLICT (account) DO UPDATE SET lsn = greatest(write_positions.lsn, excluded.lsn)
                WHERE write_positions.account <> ''`;

const CHECK = `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replay,
                      (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8
                        AS "sinceReplayMs",
                      CASE WHEN pg_is_in_recovery() THEN pg_is_wal_replay_paused() ELSE false END AS paused`;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** Why a replica is not in use, or null while it is. */
function reasonOf(replica: Replica, maxLagMs: number): string | null {
  const { checked, failure } = replica;
  if (failure) return `failed a read: ${failure.message}`;
  if (!checked) return 'not checked yet';
  if (checked.error) return `not answering: ${checked.error}`;
  if (!checked.standby) return 'not a standby (promoted, or not a replica): reads stay off it';
  if (checked.lagMs === null || checked.lagMs === undefined) return 'its lag is not known yet';
  if (checked.lagMs > maxLagMs)
    return `${seconds(checked.lagMs)} behind, over the ${seconds(maxLagMs)} bound`;
  return null;
}

/**
 * At most how far behind a replica that replayed up to `replay` is, in milliseconds: 0 when it has
 * what the primary had at the last sample; else the smaller of two upper bounds, the time since the
 * newest primary sample it has passed, and the time since the last transaction it replayed was
 * committed (which alone would grow without end while the primary is idle). Null when neither is known.
 */
export function lagOf(
  replay: bigint,
  sinceReplayMs: number | null,
  samples: readonly { lsn: bigint; at: number }[],
  now: number,
): number | null {
  const newest = samples.at(-1);
  if (newest && replay >= newest.lsn) return 0;
  let bound: number | null = null;
  for (let i = samples.length - 1; i >= 0; i--) {
    const sample = samples[i];
    if (sample && sample.lsn <= replay) {
      bound = now - sample.at;
      break;
    }
  }
  const bounds = [bound, sinceReplayMs === null ? null : Math.max(0, sinceReplayMs)].filter(
    (b): b is number => b !== null,
  );
  return bounds.length > 0 ? Math.round(Math.min(...bounds)) : null;
}

export interface ReadRouterOptions {
  primary: Db;
  urls: readonly string[];
  maxLagMs: number;
  poolSize: number;
  log?: (message: string) => void;
}

/** The router of this instance's reads; starts checking the replicas at once (the first check awaited). */
export async function createReadRouter(options: ReadRouterOptions): Promise<ReadRouter> {
  const { primary, maxLagMs } = options;
  const log = options.log ?? (() => {});
  const replicas: Replica[] = options.urls.map((url) => ({
    name: nameOf(url),
    pool: createPool(url, options.poolSize),
    health: createPool(url, HEALTH_POOL_SIZE),
    checking: false,
    reads: 0,
  }));
  const replicated = replicas.length > 0;
  /** The primary's written WAL position over the last checks: the yardstick of lag. */
  const samples: { lsn: bigint; at: number }[] = [];
  const maxSamples = Math.min(3600, Math.ceil(maxLagMs / HEALTH_INTERVAL_MS) + 3);
  /** Accounts whose write could not be recorded: their reads stay on the primary here for a while. */
  const unrecorded = new Map<string, number>();
  let primaryReads = 0;
  let next = 0;
  let closed = false;

  const inUse = (replica: Replica) => reasonOf(replica, maxLagMs) === null;

  async function checkReplica(replica: Replica): Promise<void> {
    if (replica.checking) return;
    replica.checking = true;
    const startedAt = Date.now();
    try {
      const { rows } = await withTimeout(
        replica.health.query<{
          standby: boolean;
          replay: string | null;
          sinceReplayMs: number | null;
          paused: boolean;
        }>(CHECK),
        HEALTH_TIMEOUT_MS,
      );
      const row = rows[0];
      const now = Date.now();
      const replay = row?.replay ? lsnBytes(row.replay) : undefined;
      const newest = samples.at(-1);
      replica.checked = {
        at: now,
        standby: row?.standby === true && replay !== undefined,
        ...(replay !== undefined && row?.replay
          ? {
              replay,
              replayText: row.replay,
              lagMs: lagOf(replay, row.sinceReplayMs, samples, now),
              behindBytes: newest ? Math.max(0, Number(newest.lsn - replay)) : null,
            }
          : {}),
        paused: row?.paused === true,
      };
      if (replica.failure && replica.failure.at < startedAt) {
        log(`read replica ${replica.name} answers again`);
        replica.failure = undefined;
      }
    } catch (error) {
      const wasInUse = inUse(replica);
      replica.checked = { at: Date.now(), error: (error as Error).message || String(error) };
      if (wasInUse) log(`read replica ${replica.name} left out: ${replica.checked.error}`);
    } finally {
      replica.checking = false;
    }
  }

  async function checkNow(): Promise<void> {
    if (!replicated || closed) return;
    try {
      const { rows } = await withTimeout(
        primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'),
        HEALTH_TIMEOUT_MS,
      );
      const lsn = rows[0]?.lsn;
      if (lsn) {
        samples.push({ lsn: lsnBytes(lsn), at: Date.now() });
        if (samples.length > maxSamples) samples.splice(0, samples.length - maxSamples);
      }
    } catch {
      // The primary busy or away: the replicas' lag is judged on the samples already taken.
    }
    await Promise.all(replicas.map(checkReplica));
  }

  const timer = replicated ? setInterval(() => void checkNow(), HEALTH_INTERVAL_MS) : undefined;
  timer?.unref();
  await checkNow();

  /** A replica in use that has replayed `lsn` (round robin among them), or undefined. */
  function pick(lsn: bigint): Replica | undefined {
    const fit = replicas.filter(
      (r) => inUse(r) && r.checked?.replay !== undefined && r.checked.replay >= lsn,
    );
    if (fit.length === 0) return undefined;
    next = (next + 1) % fit.length;
    return fit[next];
  }

  /** The position `account`'s reads must see, read on the primary; with `right`, whether it is held. */
  async function lookUp(account: string, right: string | undefined): Promise<{ lsn: bigint; held: boolean }> {
    const { rows } = right
      ? await primary.query<{ lsn: string; held: boolean }>(LOOKUP_WITH_RIGHT, [account, right])
      : await primary.query<{ lsn: string }>(LOOKUP, [account]);
    const row = rows[0] as { lsn?: string; held?: boolean } | undefined;
    return { lsn: lsnBytes(row?.lsn ?? '0/0'), held: right ? row?.held === true : true };
  }

  function readFailed(name: string, error: unknown): void {
    const replica = replicas.find((r) => r.name === name);
    if (!replica || !isDatabaseUnavailable(error)) return;
    if (!replica.failure)
      log(`read replica ${name} left out after a failed read: ${(error as Error).message}`);
    replica.failure = { at: Date.now(), message: (error as Error).message || String(error) };
  }

  /**
   * The replica for a read of `account` (undefined: the primary), and whether `right` was confirmed
   * on the primary on the way (403 when it is not held). A read beside a write, or of an account
   * whose write could not be recorded, goes to the primary without a lookup: its own statement
   * checks the right there, as without replicas.
   */
  async function route(
    account: string,
    right: string | undefined,
  ): Promise<{ replica: Replica | undefined; rightChecked: boolean; lsn?: bigint }> {
    const request = currentRequest();
    if (request && !READ_METHODS.has(request.method)) return { replica: undefined, rightChecked: false };
    const who = normalise(account);
    const until = unrecorded.get(who);
    if (until !== undefined) {
      if (until > Date.now()) return { replica: undefined, rightChecked: false };
      unrecorded.delete(who);
    }
    const { lsn, held } = await lookUp(who, right);
    if (!held && right) throw new HttpError(403, missingRight(right).message);
    return { replica: pick(lsn), rightChecked: right !== undefined, lsn };
  }

  return {
    primary,
    replicated,
    async read(account, work, readOptions = {}) {
      if (!replicated) {
        primaryReads += 1;
        return work(primary, { replica: undefined, rightChecked: false });
      }
      const { replica, rightChecked } = await route(account, readOptions.right);
      if (replica) {
        try {
          const result = await work(replica.pool, { replica: replica.name, rightChecked });
          replica.reads += 1;
          noteSource('replica');
          return result;
        } catch (error) {
          if (!replicaMayNotServe(error)) throw error;
          readFailed(replica.name, error);
        }
      }
      primaryReads += 1;
      noteSource('primary');
      return work(primary, { replica: undefined, rightChecked });
    },
    async choose(account) {
      let replica: Replica | undefined;
      if (replicated) {
        const routed = await route(account, undefined);
        replica = routed.replica;
        // A long read may wait a moment for a replica to replay the reader's latest write: an export
        // starts right after the request that asked for it, and the checks see a replica have it
        // within a second or two.
        const until = Date.now() + CHOOSE_WAIT_MS;
        const lsn = routed.lsn;
        while (!replica && lsn !== undefined && replicas.some(inUse) && Date.now() < until && !closed) {
          await new Promise((resolve) => setTimeout(resolve, HEALTH_INTERVAL_MS / 4));
          replica = pick(lsn);
        }
      }
      if (!replica) {
        primaryReads += 1;
        return { db: primary, replica: undefined };
      }
      replica.reads += 1;
      return { db: replica.pool, replica: replica.name };
    },
    readFailed,
    async recordWrite(account) {
      if (!replicated) return;
      const who = normalise(account);
      try {
        await primary.query(RECORD, [who]);
      } catch (error) {
        // The write stands; until its position is known, this instance reads the account on the primary.
        unrecorded.set(who, Date.now() + UNRECORDED_MS);
        log(`the WAL position of a write by ${who} could not be recorded: ${(error as Error).message}`);
      }
    },
    status() {
      return {
        maxLagMs,
        primaryReads,
        replicas: replicas.map((r) => {
          const checked = r.checked;
          return {
            name: r.name,
            inUse: inUse(r),
            reason: reasonOf(r, maxLagMs),
            lagMs: checked?.lagMs ?? null,
            replayLsn: checked?.replayText ?? null,
            behindBytes: checked?.behindBytes ?? null,
            replayPaused: checked?.paused === true,
            checkedAt: checked ? new Date(checked.at).toISOString() : null,
            reads: r.reads,
          };
        }),
      };
    },
    checkNow,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await Promise.all(
        replicas.flatMap((r) => [r.pool.end().catch(() => {}), r.health.end().catch(() => {})]),
      );
    },
  };
}

/**
 * With replicas: records the WAL position of every write request of a signed-in account once its
 * work committed and before its answer leaves (registered after the idempotency plugin, whose own
 * `onSend` commits a held write), so the person's next read, on any instance, waits for a replica
 * that has it; and names where a read request's routed reads ran (`X-Read-Source`).
 */
async function readRoutingPlugin(app: FastifyInstance, opts: { reads: ReadRouter }): Promise<void> {
  app.decorateRequest('readSource', null);
  if (!opts.reads.replicated) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.caller && !READ_METHODS.has(request.method))
      await opts.reads.recordWrite(request.caller.email);
    if (request.readSource) reply.header(READ_SOURCE_HEADER, request.readSource);
    return payload;
  });
}

export const readRouting = fp(readRoutingPlugin, { name: 'read-routing' });

/**
 * The deployment topology, from real components on loopback (`npm run test:topology`, part of
 * `npm run test:stress`): a PostgreSQL primary and a streaming replica of the test's own
 * (test/pg-cluster.ts: initdb, pg_basebackup, a replication slot; seeded with the tests' demo),
 * PgBouncer in transaction mode with deploy/pgbouncer.ini,
 * three API instances (pools through PgBouncer, LISTEN and the job queue direct), HAProxy in front
 * of them with deploy/haproxy.cfg as shipped, and an S3-compatible server (s3rver) for the files.
 * HAProxy and PgBouncer are installed by scripts/ensure-topology-tools.mjs when missing (Debian
 * packages, as root); a missing one fails the test, never skips it.
 *
 * Staff traffic runs through HAProxy for TOPOLOGY_SECONDS (default 60): people listing, saving
 * and reading their own saves back, a mapper mapping, exports, notification sockets. Writes carry
 * an Idempotency-Key and are sent again after a 503 or a dropped connection, as the console does.
 * Meanwhile (a) one instance is killed with SIGKILL (and started again later), (b) the replica is
 * stopped and started again, (c) PgBouncer is restarted. Then it checks:
 * acknowledged writes lost (0), duplicate records from retried writes (0), a person's own write
 * missing from their next read (0), notifications lost per socket (0), exports finished exactly
 * once and downloadable through every instance (all); and records the replica's share of reads and
 * p50/p99 per call kind against the same traffic on one instance on the primary, without replica,
 * PgBouncer or HAProxy (TOPOLOGY_BASELINE_SECONDS, default 20).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { HubMessage, NotificationPage } from '@bm/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { migrate } from '../src/db/migrate.ts';
import { createPool, type Db } from '../src/db/pool.ts';
import { seedDemo, TEST_RESERVATIONS } from '../src/seed/seed-demo.ts';
import { newPageValues, saveValues } from '../test/api-caller.ts';
import { type ChildServer, spawnServer, stopChildServer, waitFor } from '../test/child-server.ts';
import { type PgCluster, startPgCluster } from '../test/pg-cluster.ts';
import { type S3TestServer, startS3Server } from '../test/s3-server.ts';
import { signIn } from '../test/sign-in.ts';
import { freePort } from '../test/test-server.ts';
import { type Figure, recordFigures } from './figures.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEPLOY = path.join(ROOT, 'deploy');
const SECONDS = Number(process.env.TOPOLOGY_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.TOPOLOGY_BASELINE_SECONDS ?? 20);
/** The console's waits before each new try of a write (apps/web/src/app/http/httpClient.ts). */
const RETRY_DELAYS_MS = [250, 1000, 2250] as const;
/** The console's time limit of one call. */
const CALL_TIMEOUT_MS = 30_000;
const INSTANCES = 3;
/** Notification sockets held through HAProxy for the whole run. */
const SOCKETS = 4;
const EMAIL = 'admin@bmtools.local';
const DATABASE = 'bm_topology';

const figures: Figure[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

interface Tools {
  haproxy: string;
  pgbouncer: string;
  pgBin: string;
}

/** HAProxy, PgBouncer and PostgreSQL's programs, installed when missing (the script says how). */
function ensureTools(): Tools {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-topology-tools.mjs')], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`The topology needs HAProxy and PgBouncer: ${result.stderr}`);
  return JSON.parse(result.stdout) as Tools;
}

/** As root, PgBouncer (which refuses root) runs as the postgres user; its files must be theirs. */
const postgresUser = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error('As root, PgBouncer needs the postgres user to run as');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
};

/** A program of the topology (HAProxy, PgBouncer) as a child process, its output kept short. */
interface Daemon {
  process: ChildProcess;
  exited: Promise<void>;
  output(): string;
}

function startDaemon(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; uid?: number; gid?: number; cwd?: string } = {},
): Daemon {
  const child = spawn(command, args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { process: child, exited, output: () => text };
}

async function stopDaemon(daemon: Daemon | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!daemon || daemon.process.exitCode !== null || daemon.process.signalCode !== null) return;
  daemon.process.kill(signal);
  await Promise.race([daemon.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (daemon.process.exitCode === null && daemon.process.signalCode === null) {
    daemon.process.kill('SIGKILL');
    await daemon.exited;
  }
}

const answers = async (url: string): Promise<boolean> => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
};

/**
 * deploy/pgbouncer.ini as shipped, with what differs on loopback: the database line's address
 * (its timezone and connect_query kept), the port, and trust with a user list of this test's own.
 */
function pgbouncerIni(dir: string, primary: URL, port: number): string {
  const shipped = readFileSync(path.join(DEPLOY, 'pgbouncer.ini'), 'utf8');
  const database = primary.pathname.slice(1);
  const settings: Record<string, string> = {
    listen_addr: '127.0.0.1',
    listen_port: String(port),
    auth_type: 'trust',
    auth_file: path.join(dir, 'userlist.txt'),
    logfile: path.join(dir, 'pgbouncer.log'),
    pidfile: path.join(dir, 'pgbouncer.pid'),
  };
  let ini = shipped.replace(
    /^bmtools = host=\S+ port=\d+ dbname=\S+/m,
    `${database} = host=${primary.hostname} port=${primary.port || '5432'} dbname=${database}`,
  );
  if (ini === shipped) throw new Error('deploy/pgbouncer.ini: its bmtools database line was not found');
  for (const [key, value] of Object.entries(settings)) {
    const line = new RegExp(`^${key} = .*$`, 'm');
    if (!line.test(ini)) throw new Error(`deploy/pgbouncer.ini: no ${key} line`);
    ini = ini.replace(line, `${key} = ${value}`);
  }
  return ini;
}

/** PgBouncer on a loopback port with the shipped settings; `restart` stops and starts it again. */
async function startPgBouncer(tools: Tools, primary: URL) {
  const owner = postgresUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'bm-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(primary.username || 'postgres');
  writeFileSync(path.join(dir, 'pgbouncer.ini'), pgbouncerIni(dir, primary, port));
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  if (owner) {
    chmodSync(dir, 0o755);
    for (const file of ['', 'pgbouncer.ini', 'userlist.txt'])
      chownSync(path.join(dir, file), owner.uid, owner.gid);
  }
  const url = new URL(primary.href);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  let daemon: Daemon | undefined;
  const start = async () => {
    daemon = startDaemon(tools.pgbouncer, [path.join(dir, 'pgbouncer.ini')], owner ?? {});
    await waitFor(
      'PgBouncer listening',
      async () => {
        if (daemon?.process.exitCode !== null) throw new Error(`PgBouncer exited: ${daemon?.output()}`);
        return readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8').includes(
          `listening on 127.0.0.1:${port}`,
        )
          ? true
          : undefined;
      },
      15_000,
      50,
    ).catch((error: unknown) => {
      const log = existsSync(path.join(dir, 'pgbouncer.log'))
        ? readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8').slice(-2000)
        : '';
      throw new Error(`${String(error)}\n${log}`);
    });
    // The next start waits for this one's "listening" line, not an old one.
    writeFileSync(path.join(dir, 'pgbouncer.log'), '');
  };
  await start();
  return {
    url: url.href,
    /** Stopped at once (SIGTERM: open transactions are cut), then started on the same port. */
    async restart(): Promise<number> {
      const from = Date.now();
      await stopDaemon(daemon, 'SIGTERM');
      await start();
      return Date.now() - from;
    },
    async stop() {
      await stopDaemon(daemon, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An API instance on a port of its own that stays the same when it is started again. */
interface Instance {
  name: string;
  port: number;
  base: string;
  server?: ChildServer;
  start(): Promise<void>;
}

function instance(name: string, port: number, env: Record<string, string>): Instance {
  const self: Instance = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    async start() {
      const server = await spawnServer({ ...env, PORT: String(port), CODE_VALIDATION_THREADS: '1' });
      self.server = server;
      cleanups.push(() => stopChildServer(server, 20_000));
      await server.waitForOutput(/BM Tools is ready/, 120_000);
    },
  };
  return self;
}

// ---------------------------------------------------------------------------------------------
// Staff traffic

type Kind = 'list' | 'save' | 'own read' | 'map list' | 'map action' | 'export' | 'download';
const KINDS: readonly Kind[] = ['list', 'save', 'own read', 'map list', 'map action', 'export', 'download'];

interface Stats {
  times: Record<Kind, number[]>;
  /** Calls of each kind that failed for good (after the retries of a write). */
  failed: Record<Kind, number>;
  /** The first failure of each kind, for the report. */
  firstFailure: Partial<Record<Kind, string>>;
  /** Writes answered only after being sent again, and answers replayed by the server. */
  retried: number;
  replayed: number;
  pages: { url: string; name: string; id: number | undefined; acknowledged: boolean }[];
  maps: { id: number; acknowledged: boolean }[];
  exports: number[];
  unacknowledgedExports: number;
  ownReads: number;
  ownMissing: number;
  /** Reads answered by a replica, when the instances say so (`X-Read-Source: replica`). */
  replicaReads: number;
  reads: number;
}

const emptyStats = (): Stats => ({
  times: Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as Record<Kind, number[]>,
  failed: Object.fromEntries(KINDS.map((k) => [k, 0])) as unknown as Record<Kind, number>,
  firstFailure: {},
  retried: 0,
  replayed: 0,
  pages: [],
  maps: [],
  exports: [],
  unacknowledgedExports: 0,
  ownReads: 0,
  ownMissing: 0,
  replicaReads: 0,
  reads: 0,
});

/** A connection that dropped without an answer (fetch's TypeError), or the call's own time limit. */
const dropped = (error: unknown) => error instanceof TypeError || (error as Error).name === 'TimeoutError';

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * One call as the console makes it: a write carries an Idempotency-Key and is sent again, with the
 * same key, after a 503 or a dropped connection (the console's three waits); a read is sent once.
 * Undefined: no answer at all.
 */
async function call(
  stats: Stats,
  kind: Kind,
  base: string,
  token: string,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<Answer | undefined> {
  const key = method === 'GET' ? undefined : randomUUID();
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    const wait = key ? RETRY_DELAYS_MS[attempt] : undefined;
    try {
      const response = await fetch(`${base}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(key ? { 'idempotency-key': `"${key}"` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const text = await response.text();
      if (response.status === 503 && wait !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      stats.times[kind].push(performance.now() - started);
      if (attempt > 0) stats.retried++;
      if (response.headers.get('idempotent-replayed') === 'true') stats.replayed++;
      if (method === 'GET') {
        stats.reads++;
        if (response.headers.get('x-read-source') === 'replica') stats.replicaReads++;
      }
      if (response.status >= 400) {
        stats.failed[kind]++;
        stats.firstFailure[kind] ??=
          `${method} ${route.split('?')[0]}: ${response.status} ${text.slice(0, 160)}`;
      }
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      return { status: response.status, body: parsed, headers: response.headers };
    } catch (error) {
      if (!dropped(error) || wait === undefined) {
        stats.failed[kind]++;
        stats.firstFailure[kind] ??= `${method} ${route.split('?')[0]}: ${String(error)}`;
        return undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

interface People {
  admin: string;
  editor: string;
  mapper: string;
  viewer: string;
}

const exportBody = (fileName: string) => ({
  values: [
    { mapkey: 'fileName', value: fileName },
    {
      mapkey: 'criteria',
      value: JSON.stringify({
        source: '/api/ApiLogs',
        sort: ['id=ASC'],
        selector: [
          { field: 'id', label: 'Id' },
          { field: 'path', label: 'Path' },
          { field: 'statusCode', label: 'Status' },
        ],
      }),
    },
    { mapkey: 'pageName', value: 'Topology' },
  ],
});

/**
 * Runs the staff traffic against `base` for `seconds`: four people listing pages, saving one and
 * finding it in their list next; one who only reads lists; a mapper listing and ignoring merchant
 * locations (each one once); an export every few seconds, downloaded once done. `locations` are
 * the unmapped locations the mapper may take.
 */
async function traffic(
  base: string,
  people: People,
  label: string,
  seconds: number,
  locations: number[],
  exportDone: (id: number) => Promise<boolean>,
): Promise<Stats> {
  const stats = emptyStats();
  const until = Date.now() + seconds * 1000;
  /** Someone who only reads (the viewer): lists, never a write. */
  const reader = async () => {
    for (let n = 0; Date.now() < until; n++) {
      const sort = encodeURIComponent(JSON.stringify([n % 2 ? 'id=DESC' : 'name=ASC']));
      await call(
        stats,
        'list',
        base,
        people.viewer,
        'GET',
        `/api/pages?pageIndex=${n % 3}&pageSize=20&sort=${sort}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const person = async (who: number, token: string) => {
    for (let n = 0; Date.now() < until; n++) {
      await call(
        stats,
        'list',
        base,
        token,
        'GET',
        `/api/pages?pageIndex=0&pageSize=20&sort=${encodeURIComponent(JSON.stringify(['id=DESC']))}`,
      );
      const name = `Topology ${label} ${who}-${n}`;
      const url = `/topology/${label}/${who}/${n}`;
      const saved = await call(stats, 'save', base, token, 'POST', '/api/pages', {
        values: newPageValues(name, url),
      });
      const id = (saved?.body as { id?: number } | undefined)?.id;
      const acknowledged = saved !== undefined && saved.status < 300;
      stats.pages.push({ url, name, id: Number(id) || undefined, acknowledged });
      if (acknowledged && id) {
        // This person's next read, the list they return to filtered to the new page (a list read,
        // which a replica answers once it has this person's write): their own save must be in it.
        const filter = encodeURIComponent(
          JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: id }),
        );
        const read = await call(
          stats,
          'own read',
          base,
          token,
          'GET',
          `/api/pages?pageIndex=0&pageSize=20&filters=${filter}`,
        );
        if (read) {
          stats.ownReads++;
          const rows = (read.body as { data?: { name?: string }[] } | undefined)?.data ?? [];
          const found = read.status === 200 && rows.some((row) => row.name === name);
          if (!found && read.status !== 503) stats.ownMissing++;
        }
      }
    }
  };
  const mapper = async () => {
    while (Date.now() < until) {
      const id = locations.shift();
      if (id === undefined) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      // The location's map list (its candidates), then the action on it.
      await call(
        stats,
        'map list',
        base,
        people.mapper,
        'GET',
        `/api/mapMerchantLocations?id=${id}&pageIndex=0&pageSize=20`,
      );
      const answer = await call(
        stats,
        'map action',
        base,
        people.mapper,
        'POST',
        '/api/mapMerchantLocations/ignore',
        {
          storeProcedure: 'bm_map_location',
          values: saveValues({ merchantRecordId: id, note: `Topology ${label}` }),
        },
      );
      stats.maps.push({ id, acknowledged: answer !== undefined && answer.status < 300 });
    }
  };
  const exporter = async () => {
    const toDownload: number[] = [];
    for (let n = 0; Date.now() < until; n++) {
      // The finished ones of the earlier exports, downloaded as their owner does.
      for (const id of [...toDownload]) {
        if (!(await exportDone(id).catch(() => false))) continue;
        toDownload.splice(toDownload.indexOf(id), 1);
        await call(stats, 'download', base, people.admin, 'GET', `/api/exports/download?id=${id}`);
      }
      const answer = await call(
        stats,
        'export',
        base,
        people.admin,
        'POST',
        '/api/exports/send',
        exportBody(`${label} ${n}`),
      );
      const id = Number((answer?.body as { id?: number } | undefined)?.id);
      if (answer && answer.status < 300 && id) {
        stats.exports.push(id);
        toDownload.push(id);
      } else stats.unacknowledgedExports++;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  };
  await Promise.all([
    person(1, people.admin),
    person(2, people.admin),
    person(3, people.admin),
    person(4, people.editor),
    reader(),
    mapper(),
    exporter(),
  ]);
  return stats;
}

// ---------------------------------------------------------------------------------------------
// Notification sockets, as the web bell holds them

interface Bell {
  ids: Set<number>;
  duplicates: number;
  reconnects: number;
  close(): void;
}

/**
 * What the web bell does: keep notifications by id; when the socket drops, open it again (through
 * HAProxy) and first ask `getLatestMessages` for everything newer than the newest id held (asked
 * again until it answers). A socket delivering an id twice counts as a duplicate.
 */
async function bell(base: string, token: string): Promise<Bell> {
  const state: Bell & { closed: boolean; socket?: WebSocket } = {
    ids: new Set(),
    duplicates: 0,
    reconnects: 0,
    closed: false,
    close() {
      state.closed = true;
      state.socket?.close();
    },
  };
  const newest = () => Math.max(0, ...state.ids);
  const catchUp = async (): Promise<void> => {
    for (let tries = 0; tries < 60 && !state.closed; tries++) {
      try {
        const response = await fetch(
          `${base}/api/notifications/getLatestMessages?email=${encodeURIComponent(EMAIL)}&latestMessageId=${newest()}`,
          { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) },
        );
        if (response.status === 200) {
          for (const n of ((await response.json()) as NotificationPage).data) state.ids.add(n.id);
          return;
        }
        await response.arrayBuffer();
      } catch {
        // Asked again below.
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const connect = (again: boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/notificationshub?access_token=${token}`);
      state.socket = socket;
      const seen = new Set<number>();
      socket.on('message', (data) => {
        const id = (JSON.parse(String(data)) as HubMessage).message.id;
        if (seen.has(id)) state.duplicates++;
        seen.add(id);
        state.ids.add(id);
      });
      socket.once('open', () => {
        if (again) {
          state.reconnects++;
          void catchUp();
        }
        resolve();
      });
      socket.once('error', reject);
      socket.once('close', () => {
        if (state.closed) return;
        const retry = (delay: number) =>
          setTimeout(() => {
            if (!state.closed) connect(true).catch(() => retry(Math.min(delay * 2, 2000)));
          }, delay);
        retry(100);
      });
    });
  await connect(false);
  return state;
}

// ---------------------------------------------------------------------------------------------

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : '–');

/** Unmapped merchant locations, `count` of them from `offset`, for one run's map actions. */
async function unmapped(db: Db, offset: number, count: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM merchant_locations WHERE map_status = 'unmapped' ORDER BY id OFFSET $1 LIMIT $2`,
    [offset, count],
  );
  return rows.map((r) => Number(r.id));
}

interface WriteCheck {
  acknowledged: number;
  lost: number;
  duplicates: number;
  unacknowledged: number;
}

/**
 * Acknowledged saves and map actions present; saves and map actions made twice (a location's
 * history entries since the run began, `since`).
 */
async function checkWrites(db: Db, label: string, stats: Stats, since: Date): Promise<WriteCheck> {
  const { rows: pages } = await db.query<{ url: string; n: number }>(
    `SELECT url, count(*)::int AS n FROM pages WHERE url LIKE $1 GROUP BY url`,
    [`/topology/${label}/%`],
  );
  const pageCount = new Map(pages.map((r) => [r.url, r.n]));
  const ids = stats.maps.map((m) => m.id);
  const { rows: maps } = await db.query<{ id: number; n: number }>(
    `SELECT merchant_record_id AS id, count(*)::int AS n FROM merchant_map_history
      WHERE kind = 'location' AND merchant_record_id = ANY($1::bigint[]) AND changed_at >= $2 GROUP BY 1`,
    [ids, since],
  );
  const mapCount = new Map(maps.map((r) => [Number(r.id), r.n]));
  const acknowledged =
    stats.pages.filter((p) => p.acknowledged).length + stats.maps.filter((m) => m.acknowledged).length;
  const lost =
    stats.pages.filter((p) => p.acknowledged && !pageCount.get(p.url)).length +
    stats.maps.filter((m) => m.acknowledged && !mapCount.get(m.id)).length;
  const duplicates =
    [...pageCount.values()].filter((n) => n > 1).length + [...mapCount.values()].filter((n) => n > 1).length;
  const unacknowledged =
    stats.pages.filter((p) => !p.acknowledged).length + stats.maps.filter((m) => !m.acknowledged).length;
  return { acknowledged, lost, duplicates, unacknowledged };
}

describe('the deployment topology under faults', () => {
  let tools: Tools;
  let cluster: PgCluster;
  let primaryUrl: string;
  let replicaUrl: string;
  let db: Db;
  let s3: S3TestServer;
  let people: People;
  let baseline: Stats;
  const exportDone = async (id: number) =>
    (await db.query(`SELECT 1 FROM exports WHERE id = $1 AND status = 'done'`, [id])).rows.length > 0;

  beforeAll(async () => {
    tools = ensureTools();
    // The shipped file as an operator checks it, with its own defaults (no environment).
    const checked = spawnSync(tools.haproxy, ['-c', '-f', path.join(DEPLOY, 'haproxy.cfg')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    if (checked.status !== 0)
      throw new Error(`haproxy -c -f deploy/haproxy.cfg failed:\n${checked.stdout}${checked.stderr}`);
    const seedFrom = Date.now();
    cluster = await startPgCluster({
      // Created, migrated and seeded with the tests' demo before the replica is copied from it.
      prepare: async (primary) => {
        const admin = new pg.Client({ connectionString: primary.url() });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${DATABASE}`);
        await admin.end();
        await migrate(primary.url(DATABASE));
        const seeding = createPool(primary.url(DATABASE), 2, { statementTimeoutMs: 0 });
        await seedDemo(seeding, { reservations: TEST_RESERVATIONS });
        await seeding.end();
      },
    });
    cleanups.push(() => cluster.destroy());
    primaryUrl = cluster.primary.url(DATABASE);
    const replica = cluster.replicas[0];
    if (!replica) throw new Error('The cluster started no replica');
    replicaUrl = replica.url(DATABASE);
    db = createPool(primaryUrl, 4);
    cleanups.push(() => db.end());
    console.log(
      `topology: primary and replica seeded and streaming in ${((Date.now() - seedFrom) / 1000).toFixed(1)} s`,
    );
    s3 = await startS3Server('bm-topology');
    cleanups.push(() => s3.close());
  }, 600_000);

  afterAll(async () => {
    recordFigures('topology', figures);
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  }, 120_000);

  it('baseline: the same traffic on one instance, straight to the primary, no replica', async () => {
    const port = await freePort();
    const one = instance('baseline', port, {
      DATABASE_URL: primaryUrl,
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...s3.env('baseline/'),
    });
    await one.start();
    people = await signInAll(one.base);
    baseline = await traffic(
      one.base,
      people,
      `b${Date.now().toString(36)}`,
      BASELINE_SECONDS,
      await unmapped(db, 0, 400),
      exportDone,
    );
    if (one.server) await stopChildServer(one.server, 20_000);
    expect(baseline.times.save.length).toBeGreaterThan(0);
  }, 300_000);

  it('three instances behind HAProxy, pools through PgBouncer, reads on the replica, files in S3: nothing lost or doubled', async () => {
    const primary = new URL(primaryUrl);
    const bouncer = await startPgBouncer(tools, primary);
    cleanups.push(() => bouncer.stop());
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    const haproxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${haproxyPort}`;
    const env = {
      DATABASE_URL: bouncer.url,
      DATABASE_DIRECT_URL: primaryUrl,
      DATABASE_READ_URLS: replicaUrl,
      DATABASE_POOL_SIZE: '5',
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '127.0.0.1',
      // A killed instance's export is taken over soon after.
      EXPORT_LEASE_SECONDS: '10',
      ...s3.env('topology/'),
    };
    const instances = ports.map((port, i) => instance(`api${i + 1}`, port, env));
    for (const one of instances) await one.start();
    // The shipped configuration listens where BM_LISTEN says: HAProxy's own free port here.
    const haproxy = await startHaproxyOn(tools, instances, haproxyPort);
    cleanups.push(() => stopDaemon(haproxy.daemon));
    const base = haproxy.base;
    people = await signInAll(base);

    const { rows: before } = await db.query<{ id: number }>(
      'SELECT coalesce(max(id), 0)::int AS id FROM notifications',
    );
    const firstId = Number(before[0]?.id);
    const bells = await Promise.all(Array.from({ length: SOCKETS }, () => bell(base, people.admin)));
    cleanups.push(() => {
      for (const b of bells) b.close();
    });
    // Notifications raised straight in the database all along (besides the exports' "ready").
    let raising = true;
    const raiser = (async () => {
      for (let n = 0; raising; n++) {
        await db
          .query('INSERT INTO notifications (to_email, title, description) VALUES ($1, $2, $2)', [
            EMAIL,
            `Topology notification ${n}`,
          ])
          .catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();

    const label = `t${Date.now().toString(36)}`;
    const faults: string[] = [];
    const victim = instances[INSTANCES - 1] as Instance;
    const from = Date.now();
    const schedule = async () => {
      /** Waits until `share` of the run has passed. */
      const at = (share: number) =>
        new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, from + SECONDS * 1000 * share - Date.now())),
        );
      const when = () => `${((Date.now() - from) / 1000).toFixed(0)} s`;
      await at(0.15);
      // (a) One instance killed outright, then started again.
      victim.server?.process.kill('SIGKILL');
      await victim.server?.exited;
      faults.push(`(a) ${victim.name} killed (SIGKILL) at ${when()}`);
      await at(0.3);
      const back = Date.now();
      await victim.start();
      faults.push(`${victim.name} started again in ${((Date.now() - back) / 1000).toFixed(1)} s`);
      // (b) The replica stopped (a clean fast stop) and started again; it catches up from its slot.
      await at(0.45);
      const replica = cluster.replicas[0];
      await replica?.stop('fast');
      faults.push(`(b) replica stopped at ${when()}`);
      await at(0.6);
      await replica?.start();
      await cluster.waitForStreaming();
      faults.push(`replica streaming again at ${when()}`);
      // (c) PgBouncer restarted: every pooled connection cut.
      await at(0.75);
      const took = await bouncer.restart();
      faults.push(`(c) PgBouncer restarted at ${when()} in ${took} ms`);
    };
    const [stats] = await Promise.all([
      traffic(base, people, label, SECONDS, await unmapped(db, 400, 3000), exportDone),
      schedule(),
    ]);

    // Settle: every acknowledged export done, every notification raised, every socket caught up.
    raising = false;
    await raiser;
    await waitFor(
      'every acknowledged export done',
      async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM exports WHERE id = ANY($1::bigint[]) AND status IN ('done', 'failed')`,
          [stats.exports],
        );
        return rows[0]?.n === stats.exports.length ? true : undefined;
      },
      120_000,
      250,
    ).catch(() => undefined);
    const { rows: raised } = await db.query<{ id: number }>(
      'SELECT id FROM notifications WHERE to_email = $1 AND id > $2',
      [EMAIL, firstId],
    );
    const wanted = raised.map((r) => Number(r.id));
    await waitFor(
      'every notification on every socket',
      async () => (bells.every((b) => wanted.every((id) => b.ids.has(id))) ? true : undefined),
      30_000,
      200,
    ).catch(() => undefined);
    const lostPerSocket = bells.map((b) => wanted.filter((id) => !b.ids.has(id)).length);

    const writes = await checkWrites(db, label, stats, new Date(from - 1000));
    const exportsOnce = await checkExports(db, s3, stats.exports, instances, people.admin);

    const reads = stats.reads;
    figures.push(
      {
        figure: 'topology: acknowledged writes lost (saves and map actions)',
        value: `${writes.lost} of ${writes.acknowledged} (${writes.unacknowledged} never acknowledged after the console's retries)`,
        target: '0',
        ok: writes.lost === 0,
      },
      {
        figure: 'topology: duplicate records from retried writes',
        value: `${writes.duplicates} (${stats.retried} writes answered after a retry, ${stats.replayed} replayed)`,
        target: '0',
        ok: writes.duplicates === 0,
      },
      {
        figure: "topology: a person's own write missing from their next read",
        value: `${stats.ownMissing} of ${stats.ownReads}`,
        target: '0',
        ok: stats.ownMissing === 0,
      },
      {
        figure: `topology: notifications lost per socket (${SOCKETS} sockets through HAProxy)`,
        value: `${lostPerSocket.join(' / ')} of ${wanted.length} (${bells.reduce((n, b) => n + b.reconnects, 0)} reconnects, ${bells.reduce((n, b) => n + b.duplicates, 0)} duplicates)`,
        target: '0 each',
        ok: lostPerSocket.every((n) => n === 0) && wanted.length > 0,
      },
      {
        figure: 'topology: exports finished exactly once and downloadable through every instance',
        value: `${exportsOnce.once} of ${stats.exports.length} (${stats.unacknowledgedExports} not acknowledged)${exportsOnce.problems.length ? `; ${exportsOnce.problems.slice(0, 3).join('; ')}` : ''}`,
        target: 'all',
        ok: exportsOnce.once === stats.exports.length && stats.exports.length > 0,
      },
      {
        figure: 'topology: reads served by the replica (X-Read-Source), the replica down for a while',
        value: `${stats.replicaReads} of ${reads} (${reads ? ((100 * stats.replicaReads) / reads).toFixed(0) : 0} %)`,
        target: 'share recorded, > 0',
        ok: stats.replicaReads > 0,
      },
      {
        figure: 'topology: faults',
        value: faults.join('; '),
        target: '(a), (b), (c) done',
        ok: faults.length >= 5,
      },
      ...KINDS.map(
        (kind): Figure => ({
          figure: `topology: ${kind} p50 / p99, topology vs one instance (calls; failed)`,
          value:
            `${ms(percentile(stats.times[kind], 50))} / ${ms(percentile(stats.times[kind], 99))} vs ` +
            `${ms(percentile(baseline.times[kind], 50))} / ${ms(percentile(baseline.times[kind], 99))} ` +
            `(${stats.times[kind].length} vs ${baseline.times[kind].length}; ${stats.failed[kind]} vs ${baseline.failed[kind]})`,
          target: 'recorded',
          ok: true,
        }),
      ),
    );
    const failures = KINDS.flatMap((kind) => {
      const first = stats.firstFailure[kind];
      return first ? [`  first failed ${kind}: ${first}`] : [];
    });
    console.log(
      `${failures.join('\n')}\ntopology figures (${SECONDS} s, baseline ${BASELINE_SECONDS} s, ${reads} reads):\n${figures
        .map((f) => `  ${f.ok ? 'ok ' : 'NO '} ${f.figure}: ${f.value} (target ${f.target})`)
        .join('\n')}`,
    );
    expect(writes.lost).toBe(0);
    expect(writes.duplicates).toBe(0);
    expect(stats.ownMissing).toBe(0);
    expect(lostPerSocket).toEqual(bells.map(() => 0));
    expect(exportsOnce.problems).toEqual([]);
    expect(exportsOnce.once).toBe(stats.exports.length);
  }, 900_000);
});

/** HAProxy with deploy/haproxy.cfg as shipped, its addresses from the environment it reads. */
async function startHaproxyOn(tools: Tools, instances: Instance[], port: number) {
  const env: Record<string, string> = { BM_LISTEN: `127.0.0.1:${port}` };
  instances.forEach((one, i) => {
    env[`BM_API_${i + 1}`] = `127.0.0.1:${one.port}`;
  });
  const daemon = startDaemon(tools.haproxy, ['-db', '-f', path.join(DEPLOY, 'haproxy.cfg')], { env });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    'HAProxy answering /healthz',
    async () => {
      if (daemon.process.exitCode !== null) throw new Error(`HAProxy exited: ${daemon.output()}`);
      return (await answers(`${base}/healthz`)) ? true : undefined;
    },
    30_000,
    100,
  );
  return { base, daemon };
}

async function signInAll(base: string): Promise<People> {
  return {
    admin: (await signIn(base, 'admin@bmtools.local', 'admin')).accessToken,
    editor: (await signIn(base, 'editor@bmtools.local', 'editor')).accessToken,
    mapper: (await signIn(base, 'mapper@bmtools.local', 'mapper')).accessToken,
    viewer: (await signIn(base, 'viewer@bmtools.local', 'viewer')).accessToken,
  };
}

/**
 * Each acknowledged export: one done row, one "ready" notification, one object in the bucket, and
 * its download answered 200 by every instance (asked directly, not through HAProxy).
 */
async function checkExports(
  db: Db,
  s3: S3TestServer,
  ids: readonly number[],
  instances: readonly Instance[],
  token: string,
): Promise<{ once: number; problems: string[] }> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const objects: string[] = [];
  let token_: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'topology/exports/', ContinuationToken: token_ }),
    );
    for (const o of page.Contents ?? []) if (o.Key) objects.push(o.Key);
    token_ = page.NextContinuationToken;
  } while (token_);
  client.destroy();
  const problems: string[] = [];
  let once = 0;
  for (const id of ids) {
    const { rows: done } = await db.query(`SELECT 1 FROM exports WHERE id = $1 AND status = 'done'`, [id]);
    const { rows: told } = await db.query(
      `SELECT 1 FROM notifications WHERE to_email = $1 AND actions -> 'download' ->> 'url' = $2`,
      [EMAIL, `/api/exports/download?id=${id}`],
    );
    const files = objects.filter((key) => new RegExp(`/xlsx/${id}-[^/]*\\.xlsx$`).test(key)).length;
    let downloads = 0;
    for (const one of instances) {
      const response = await fetch(`${one.base}/api/exports/download?id=${id}`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => undefined);
      await response?.arrayBuffer();
      if (response?.status === 200) downloads++;
    }
    const ok = done.length === 1 && told.length === 1 && files === 1 && downloads === instances.length;
    if (ok) once++;
    else
      problems.push(
        `export ${id}: ${done.length} done, ${told.length} notified, ${files} objects, ${downloads} of ${instances.length} downloads`,
      );
  }
  return { once, problems };
}

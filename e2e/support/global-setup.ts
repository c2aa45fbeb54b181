/**
 * Prepares the run's template database once; each worker then copies it into a database of its own
 * and starts its own server on that copy (support/test.ts), so no spec ever meets another worker's
 * changes. Returns the teardown that stops what the run started, drops every database of the run
 * and removes its directory (.tmp/e2e-run-<run>); what a killed run left behind is removed by the
 * next run's setup.
 *
 * - TEST_DATABASE_URL set: the template is a database on that server.
 * - Otherwise: a PostgreSQL of the run's own (the embedded PostgreSQL binaries, as the API tests use
 *   them) under the run's directory, on E2E_PG_PORT or a free port; the servers never start their
 *   own embedded one.
 *
 * The template is migrated and seeded with the tests' demo (`--test-demo`) by the
 * seed CLI, which exits when it is done, or copied from TEST_TEMPLATE_DATABASE when `npm test` made
 * one for all its phases; then it is closed to connections: `CREATE DATABASE … TEMPLATE` refuses a template anyone is connected to.
 * The servers serve a copy of apps/web/dist taken now. The workers find the server through
 * E2E_ADMIN_DATABASE_URL (inherited, as all of the runner's environment).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddedDatabase } from '../../apps/api/src/db/embedded.ts';
import { adminQuery, runDatabases, templateDatabase, withDatabase } from './databases.ts';
import { API_MAIN, REPO_ROOT, runDir, staticDir, TMP_DIR, WEB_DIST } from './paths.ts';
import { freePort, serverPidDir } from './server.ts';

function run(args: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

/** What a run notes in its directory, so that a later run can tell whether it still goes. */
const RUNNER_FILE = 'runner.json';
interface Runner {
  pid: number;
  /** The TEST_DATABASE_URL the run used; null with a PostgreSQL of its own. */
  admin: string | null;
}

/** True while process `pid` exists. */
function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropRunDatabases(admin: string, runName: string): Promise<void> {
  const rows = await adminQuery<{ datname: string }>(
    admin,
    'SELECT datname FROM pg_database WHERE datname LIKE $1',
    [runDatabases(runName)],
  );
  for (const { datname } of rows) await adminQuery(admin, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}

/**
 * Removes what an earlier run left when it ended without its teardown (it was killed): its directory
 * and, when it used the same TEST_DATABASE_URL as this run, its databases. A run whose runner still
 * goes is left alone, and so is one whose PostgreSQL still runs on its directory.
 */
async function removeStaleRuns(testDatabaseUrl: string | undefined): Promise<void> {
  for (const name of await readdir(TMP_DIR)) {
    const stale = /^e2e-run-(\w+)$/.exec(name)?.[1];
    if (!stale) continue;
    const dir = path.join(TMP_DIR, name);
    let runner: Runner;
    try {
      runner = JSON.parse(readFileSync(path.join(dir, RUNNER_FILE), 'utf8')) as Runner;
    } catch {
      continue;
    }
    const postmaster = existsSync(path.join(dir, 'pg/postmaster.pid'))
      ? Number.parseInt(readFileSync(path.join(dir, 'pg/postmaster.pid'), 'utf8'), 10)
      : undefined;
    if (alive(runner.pid) || alive(postmaster)) continue;
    if (runner.admin && runner.admin === testDatabaseUrl) {
      await dropRunDatabases(runner.admin, stale).catch(() => {});
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Stops a worker's server that outlived its worker (one killed outright, whose exit hook never ran),
 * found by the pid file it left; only when that pid is still our built server, never a process that
 * took the number over since.
 */
async function stopStrayServers(runName: string): Promise<void> {
  const dir = serverPidDir(runName);
  for (const name of existsSync(dir) ? await readdir(dir) : []) {
    const pid = Number(readFileSync(path.join(dir, name), 'utf8'));
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (command.includes(API_MAIN)) process.kill(pid, 'SIGKILL');
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const built of [path.join(WEB_DIST, 'index.html'), API_MAIN]) {
    if (!existsSync(built)) {
      throw new Error(
        `${path.relative(REPO_ROOT, built)} is missing: run \`npm run build\` first (npm run test:e2e does).`,
      );
    }
  }
  const runName = process.env.E2E_RUN;
  // The name goes into database names: letters, digits and underscores only.
  if (!runName || !/^\w+$/.test(runName)) {
    throw new Error(
      'E2E_RUN is not set (or not a plain name): run the browser tests with e2e/playwright.config.ts',
    );
  }
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  await mkdir(TMP_DIR, { recursive: true });
  await removeStaleRuns(testDatabaseUrl);
  const dir = runDir(runName);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, RUNNER_FILE),
    JSON.stringify({ pid: process.pid, admin: testDatabaseUrl ?? null } satisfies Runner),
  );

  let embedded: EmbeddedDatabase | undefined;
  let adminUrl: string | undefined;
  const teardown = async (): Promise<void> => {
    await stopStrayServers(runName);
    if (adminUrl) {
      await dropRunDatabases(adminUrl, runName).catch((error: unknown) => {
        console.error(`Could not drop the e2e databases: ${error instanceof Error ? error.message : error}`);
      });
    }
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await cp(WEB_DIST, staticDir(runName), { recursive: true });
    // Each worker slot's server log starts empty with the run (its servers append to it).
    for (const name of await readdir(TMP_DIR)) {
      if (/^e2e-server-w\d+\.log$/.test(name)) await writeFile(path.join(TMP_DIR, name), '');
    }
    if (testDatabaseUrl) {
      adminUrl = testDatabaseUrl;
    } else {
      // Loaded only here: the module holds the embedded PostgreSQL package.
      const { startEmbeddedDatabase } = await import('../../apps/api/src/db/embedded.ts');
      const port = Number(process.env.E2E_PG_PORT ?? (await freePort(5500, 400)));
      embedded = await startEmbeddedDatabase(dir, port);
      adminUrl = embedded.url;
    }
    process.env.E2E_ADMIN_DATABASE_URL = adminUrl;

    const template = templateDatabase(runName);
    const shared = testDatabaseUrl ? process.env.TEST_TEMPLATE_DATABASE : undefined;
    if (shared) {
      // `npm test` migrated and seeded one template for all its phases (scripts/test.mjs).
      if (!/^bm_tpl_\w+$/.test(shared))
        throw new Error(`TEST_TEMPLATE_DATABASE is not a bm_tpl_… name: ${shared}`);
      await adminQuery(adminUrl, `CREATE DATABASE ${template} TEMPLATE ${shared} STRATEGY FILE_COPY`);
    } else {
      await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
      const seedEnv: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: withDatabase(adminUrl, template),
      };
      for (const key of ['DATA_DIR', 'EMBEDDED_PG_PORT']) delete seedEnv[key];
      await run(
        ['--import', 'tsx', 'apps/api/src/cli/seed.ts', '--test-demo'],
        seedEnv,
        'Seeding the e2e template database',
      );
    }
    // Nothing may connect to the template from now on: a connection would make the workers' copies fail.
    await adminQuery(adminUrl, `ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

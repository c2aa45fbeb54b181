#!/usr/bin/env node
/**
 * Finds the programs the topology test (`npm run test:topology`) runs beside PostgreSQL: HAProxy
 * (the load balancer, with deploy/haproxy.cfg) and PgBouncer (the pooler, with deploy/pgbouncer.ini),
 * plus PostgreSQL's own server programs (initdb, pg_ctl, pg_basebackup) for a cluster of the test's
 * own. Where HAProxy or PgBouncer is missing and we are root, installs Debian's packages with apt-get;
 * otherwise stops with one line saying how to get them. Never skips: a missing program fails the test.
 *
 * CLI: `node scripts/ensure-topology-tools.mjs` prints the paths as JSON (exit 0) or the reason (exit 1).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

/** Debian's package of each program, and where the package puts it. */
const PACKAGES = {
  haproxy: { pkg: 'haproxy', paths: ['/usr/sbin/haproxy', '/usr/bin/haproxy'] },
  pgbouncer: { pkg: 'pgbouncer', paths: ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'] },
};

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

const onPath = (name) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find(isExecutable);

const find = (name) => PACKAGES[name].paths.find(isExecutable) ?? onPath(name);

/** Runs a command quietly; its output is shown only when it fails. */
function quiet(command, args) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`'${command} ${args.join(' ')}' failed (exit ${result.status ?? result.signal}).`);
  }
}

/**
 * The folder of PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup): PG_BIN when set, else
 * the newest /usr/lib/postgresql/<version>/bin that has them, else the PATH's.
 */
function postgresBin() {
  const has = (dir) =>
    ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].every((p) => isExecutable(path.join(dir, p)));
  if (process.env.PG_BIN) {
    if (has(process.env.PG_BIN)) return process.env.PG_BIN;
    throw new Error(`PG_BIN=${process.env.PG_BIN} lacks initdb, pg_ctl, pg_basebackup or postgres.`);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (has(dir)) return dir;
  }
  const initdb = onPath('initdb');
  if (initdb && has(path.dirname(initdb))) return path.dirname(initdb);
  throw new Error(
    "PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup) not found: install Debian's postgresql package, or set PG_BIN to their folder.",
  );
}

/**
 * The paths of haproxy, pgbouncer and PostgreSQL's programs, installing the Debian packages of the
 * missing ones when root.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {{ haproxy: string; pgbouncer: string; pgBin: string }}
 */
function ensureTopologyTools({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const missing = Object.keys(PACKAGES).filter((name) => !find(name));
  if (missing.length > 0) {
    const pkgs = missing.map((name) => PACKAGES[name].pkg);
    if (!isRoot()) {
      throw new Error(
        `${missing.join(' and ')} not found: install with 'sudo apt-get install ${pkgs.join(' ')}'.`,
      );
    }
    log(`Installing Debian's ${pkgs.join(' and ')} (apt-get install -y ${pkgs.join(' ')})...`);
    quiet('apt-get', ['update', '-qq']);
    // A service the packages may start (PgBouncer on 6432) is left alone: the test runs its own on free ports.
    quiet('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs]);
  }
  const haproxy = find('haproxy');
  const pgbouncer = find('pgbouncer');
  if (!haproxy || !pgbouncer) {
    throw new Error(`apt-get ran but ${haproxy ? 'pgbouncer' : 'haproxy'} is still missing.`);
  }
  return { haproxy, pgbouncer, pgBin: postgresBin() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.stdout.write(`${JSON.stringify(ensureTopologyTools())}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/**
 * One worker's server: the built server (apps/api/dist, as `npm start` runs it) on a free port of
 * its own, on the worker's own database, with the environment the browser tests need.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { API_MAIN, REPO_ROOT, runDir, serverLog, staticDir, workerDir } from './paths.ts';

const STARTUP_TIMEOUT_MS = 180_000;
/** A start that loses its port to another process (between the probe and its listen) tries another. */
const PORT_ATTEMPTS = 3;

export interface WorkerServer {
  baseURL: string;
  stop(): Promise<void>;
}

const tryHost = (port: number, host: string): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = net.createServer();
    // A machine without IPv6 (or without IPv4) loopback: that address cannot be taken either.
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });

/**
 * A port free on both loopback addresses (the server listens on `localhost`), searched from a random
 * point of [from, from + span) so that workers and runs on one machine rarely race for one.
 */
export async function freePort(from: number, span: number): Promise<number> {
  const offset = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((offset + i) % span);
    if ((await tryHost(port, '127.0.0.1')) && (await tryHost(port, '::1'))) return port;
  }
  throw new Error(`No free port in ${from}–${from + span - 1}`);
}

const logTail = (log: string, lines = 40): string => {
  try {
    return readFileSync(log, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
};

class PortTakenError extends Error {}

/**
 * Waits until our own child says it listens (so a foreign server that happens to answer on the port
 * cannot be mistaken for it), then until /healthz answers ok. A child that exits saying its address
 * is in use lost the port to another process after the probe: PortTakenError, the caller tries another.
 */
async function waitForHealth(baseURL: string, server: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exited: number | null | undefined;
  let listening = false;
  let portTaken = false;
  server.once('exit', (code) => {
    exited = code;
  });
  // Woken by the server's own signals: a line saying it listens, or its exit.
  let wake: () => void = () => {};
  const signalled = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      if (listening || exited !== undefined) resolve();
    });
  server.once('exit', () => wake());
  const watch = (chunk: Buffer): void => {
    const text = chunk.toString();
    if (/Server listening at|is ready at/.test(text)) listening = true;
    if (/EADDRINUSE/.test(text)) portTaken = true;
    if (listening) wake();
  };
  server.stdout?.on('data', watch);
  server.stderr?.on('data', watch);
  while (Date.now() < deadline) {
    if (!listening && exited === undefined) {
      const left = deadline - Date.now();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([signalled(), new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
    if (exited !== undefined) {
      if (portTaken) throw new PortTakenError(`${baseURL} was taken before the server listened`);
      throw new Error(`The e2e server exited (code ${exited}) before it was healthy:\n${logTail(log)}`);
    }
    if (!listening) break;
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        const body = (await response.json()) as { status?: string };
        if (body.status === 'ok') return;
      }
    } catch {
      // Not answering yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The e2e server was not healthy within ${STARTUP_TIMEOUT_MS / 1000}s:\n${logTail(log)}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Where the servers of a run note their pids, for the global teardown to find a stray one. */
export const serverPidDir = (run: string): string => path.join(runDir(run), 'pids');

/**
 * Starts the built server for worker slot `parallelIndex` of run `run` on `databaseUrl` and resolves
 * once it is healthy. Its issuer is its own address (PUBLIC_URL), so only this worker's sign-ins
 * work with it. SECRETS_KEY (E2E_SECRETS_KEY, one per run from the config) seals the provider's keys
 * the server makes in its database on its first start; with a key given, nothing is written to a
 * key file in a data directory.
 */
export async function startWorkerServer(options: {
  run: string;
  workerIndex: number;
  parallelIndex: number;
  databaseUrl: string;
  /** Settings of a server a spec starts for itself (a bucket for its files, say). */
  env?: Readonly<Record<string, string>>;
}): Promise<WorkerServer> {
  const { run, workerIndex, parallelIndex, databaseUrl } = options;
  const dir = workerDir(run, parallelIndex);
  await mkdir(dir, { recursive: true });
  await mkdir(serverPidDir(run), { recursive: true });
  const logFile = serverLog(parallelIndex);
  const log = createWriteStream(logFile, { flags: 'a' });
  for (let attempt = 1; ; attempt++) {
    const port = await freePort(3100, 800);
    const baseURL = `http://localhost:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: 'localhost',
      PUBLIC_URL: baseURL,
      DATABASE_URL: databaseUrl,
      SECRETS_KEY: process.env.E2E_SECRETS_KEY,
      // At least info: the start is recognised by the server's own 'listening' line.
      LOG_LEVEL: 'info',
      STATIC_DIR: staticDir(run),
      // Uploads and finished exports stay with the run's other temporary files, one folder per
      // worker, never in the checkout's data/.
      DATA_DIR: path.join(dir, 'data'),
      EXPORT_STORAGE_DIR: path.join(dir, 'exports'),
    };
    for (const key of [
      'EMBEDDED_PG_PORT',
      'OIDC_AUTHORITY',
      'TOOL_URLS',
      'STORAGE_DIR',
      'STORAGE_URL',
      'STORAGE_S3_ENDPOINT',
      'SECRETS_KEY_PREVIOUS',
    ]) {
      delete env[key];
    }
    Object.assign(env, options.env);
    log.write(`\n--- worker ${parallelIndex}: server on ${baseURL}, ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, ['--enable-source-maps', API_MAIN], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    // Watches the child's output from its first line on (the function's synchronous part).
    const healthy = waitForHealth(baseURL, child, logFile);
    // Awaited below; this only keeps a failure before that from counting as unhandled.
    healthy.catch(() => {});
    // A worker that ends without its teardown (a crash) still takes its server along; the global
    // teardown stops one left by a worker that was killed outright (its pid file).
    const onExit = (): void => {
      child.kill('SIGKILL');
    };
    process.once('exit', onExit);
    const pidFile = path.join(serverPidDir(run), `${workerIndex}.pid`);
    const stop = async (): Promise<void> => {
      await stopChild(child);
      process.off('exit', onExit);
      await rm(pidFile, { force: true });
    };
    try {
      if (child.pid !== undefined) await writeFile(pidFile, String(child.pid));
      await healthy;
    } catch (error) {
      await stop();
      if (error instanceof PortTakenError && attempt < PORT_ATTEMPTS) continue;
      log.end();
      throw error;
    }
    return {
      baseURL,
      stop: async () => {
        await stop();
        log.end();
      },
    };
  }
}

/**
 * Runs the real entry point (`node --import tsx src/main.ts`, or the built server's arguments) as a
 * child process, so a test can see what only a process shows: its exit code, its output, and
 * whether it is still alive after a fault.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './test-server.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

export interface ChildServer {
  process: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** Waits until the output matches `pattern`; fails if the process ends first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void>;
}

export async function spawnServer(
  env: Record<string, string>,
  nodeArgs: readonly string[] = ['--import', 'tsx', MAIN],
): Promise<ChildServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let ended = false;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    changed();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    changed();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = true;
      changed();
      resolve({ code, signal });
    });
  });
  return {
    process: child,
    baseUrl,
    output: () => text,
    exited,
    hasExited: () => ended,
    waitForOutput: (pattern, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(text)) done();
          else if (ended) done(new Error(`The server exited before printing ${pattern}:\n${text}`));
        };
        const timer = setTimeout(
          () => done(new Error(`No ${pattern} within ${timeoutMs} ms:\n${text}`)),
          timeoutMs,
        );
        const done = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        };
        listeners.add(check);
        check();
      }),
  };
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** How long a first start on a new data directory may take: initdb, migrations and the demo seed. */
const CREATE_TIMEOUT_MS = 180_000;
const SEED_TIMEOUT_MS = 300_000;
/** A hook that waits for a first start (`waitForFirstStart`) needs this long, and a little more. */
export const FIRST_START_TIMEOUT_MS = CREATE_TIMEOUT_MS + SEED_TIMEOUT_MS;

/**
 * Waits for the first start of a server on a new embedded data directory: the "created" line after
 * initdb, then a 200 from /healthz once migrations and the demo seed (20,000 reservations and their
 * API logs) are done. The seed took about 20 s on one 2-core machine and 53 s on another, idle, and
 * over 60 s beside the rest of the suite; the files that call this test faults, not seeding speed.
 */
export async function waitForFirstStart(server: ChildServer): Promise<void> {
  await server.waitForOutput(/embedded PostgreSQL created/, CREATE_TIMEOUT_MS);
  await waitFor(
    'the first start',
    async () => ((await fetch(`${server.baseUrl}/healthz`)).status === 200 ? true : undefined),
    SEED_TIMEOUT_MS,
    200,
  );
}

/** Stops a child server still running: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopChildServer(server: ChildServer, graceMs: number): Promise<void> {
  if (server.hasExited()) return;
  server.process.kill('SIGTERM');
  await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
  if (!server.hasExited()) server.process.kill('SIGKILL');
}

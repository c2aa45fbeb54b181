/**
 * Child processes for the test scripts (scripts/test.mjs, scripts/test-area.mjs), run from the
 * repository's root.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');

/** Child processes still running: a run that stops early ends them (work running beside a step). */
const running = new Set();

/** Ends every child process still running. */
export function stopRunning() {
  for (const child of running) child.kill('SIGTERM');
}

/**
 * Runs a command with inherited output; resolves to its exit code (a signal counts as failure).
 * `env` adds to this process's environment; a null value removes that variable. With `output` (an
 * array), the command's stdout and stderr are collected into it instead, for a step that runs beside
 * another and shows its output when it is joined.
 */
export function run(command, args, env = {}, output = undefined) {
  const childEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== null),
  );
  return new Promise((resolve) => {
    const stdio = output ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd: root, stdio, env: childEnv });
    running.add(child);
    child.once('exit', () => running.delete(child));
    if (output) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

#!/usr/bin/env node
/**
 * Finds the Chromium the browser tests drive: CHROME_PATH when set, else
 * Debian's `chromium` at /usr/bin/chromium. Where none is found and we are root, installs Debian's
 * package; otherwise stops with one line saying how to get it. Playwright never downloads a browser.
 *
 * CLI: `node scripts/ensure-chromium.mjs` prints the path (exit 0) or the one-line reason (exit 1).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export class ChromiumMissingError extends Error {}

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a command quietly; its output is shown only when it fails. */
function quiet(command, args) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new ChromiumMissingError(
      `Could not install Chromium: '${command} ${args.join(' ')}' failed (exit ${result.status ?? result.signal}).`,
    );
  }
}

/**
 * The path of a runnable Chromium, installing Debian's package when allowed.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {string}
 */
export function ensureChromium({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new ChromiumMissingError(`CHROME_PATH=${fromEnv} is not an executable file.`);
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (!isRoot()) {
    throw new ChromiumMissingError(
      `Chromium not found at ${DEBIAN_CHROMIUM}: install it with 'sudo apt-get install chromium' or set CHROME_PATH to a Chromium binary.`,
    );
  }
  log("Chromium not found: installing Debian's chromium package (apt-get install -y chromium)...");
  quiet('apt-get', ['update', '-qq']);
  quiet('apt-get', ['install', '-y', '-qq', 'chromium']);
  if (!isExecutable(DEBIAN_CHROMIUM)) {
    throw new ChromiumMissingError(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is still missing.`);
  }
  return DEBIAN_CHROMIUM;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.stdout.write(`${ensureChromium()}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

#!/usr/bin/env node
/**
 * Finds the Chromium the browser tests drive: CHROME_PATH when set, else Debian's headless shell
 * (`chromium-headless-shell`, the old headless mode: no browser window machinery at all), else
 * Debian's full `chromium`. Where neither is found and we are root, installs Debian's headless shell;
 * otherwise stops with one line saying how to get it. Playwright never downloads a browser.
 *
 * Why the headless shell: on two cores the browser tests are bound by the browser's CPU, and the
 * full browser in its new headless mode runs its whole window and UI stack for every page. Measured
 * here on the whole browser suite: 8.2 min with `chromium`, 4.5 min with `chromium-headless-shell`
 * (same 286 tests, same machine, both passing). The full browser stays the one for watching a run
 * (`CHROME_PATH=/usr/bin/chromium npx playwright test --headed`) and for the browser benchmarks, which
 * measure what staff's browsers do.
 *
 * CLI: `node scripts/ensure-chromium.mjs` prints the path (exit 0) or the one-line reason (exit 1).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

class ChromiumMissingError extends Error {}

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
 * The path of a runnable Chromium for headless tests, installing Debian's headless shell when allowed.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {string}
 */
function ensureChromium({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new ChromiumMissingError(`CHROME_PATH=${fromEnv} is not an executable file.`);
  }
  if (isExecutable(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  if (!isRoot()) {
    if (isExecutable(DEBIAN_CHROMIUM)) {
      log(
        `Using ${DEBIAN_CHROMIUM}: 'sudo apt-get install chromium-headless-shell' makes the browser tests about twice as fast.`,
      );
      return DEBIAN_CHROMIUM;
    }
    throw new ChromiumMissingError(
      `Chromium not found: install it with 'sudo apt-get install chromium-headless-shell' (or chromium) or set CHROME_PATH to a Chromium binary.`,
    );
  }
  log("Installing Debian's chromium-headless-shell package (apt-get install -y chromium-headless-shell)...");
  quiet('apt-get', ['update', '-qq']);
  quiet('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell']);
  if (!isExecutable(DEBIAN_HEADLESS_SHELL)) {
    throw new ChromiumMissingError(
      `apt-get installed chromium-headless-shell but ${DEBIAN_HEADLESS_SHELL} is still missing.`,
    );
  }
  return DEBIAN_HEADLESS_SHELL;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.stdout.write(`${ensureChromium()}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

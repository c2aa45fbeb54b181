/**
 * Browser tests: Debian's Chromium (never a Playwright download) against the real server, which the
 * global setup starts on a free port with a fresh database and stops afterwards.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/chromium.ts';
import { REPO_ROOT, TMP_DIR } from './support/paths.ts';

/**
 * A free port on both loopback addresses, searched from a random point of [from, from + span) so that
 * two runs on one machine rarely race for the same one. Run in a child so the config stays synchronous;
 * the result goes into the environment, which the workers inherit, so they all see the same port when
 * they load this file again. The global setup checks it again right before the server starts.
 */
function freePort(from: number, span: number): string {
  const script = `
    const net = require('node:net');
    const tryHost = (port, host) => new Promise((resolve) => {
      const s = net.createServer();
      s.once('error', (e) => resolve(e.code === 'EADDRNOTAVAIL' || e.code === 'EAFNOSUPPORT'));
      s.listen({ port, host, exclusive: true }, () => s.close(() => resolve(true)));
    });
    (async () => {
      const offset = Math.floor(Math.random() * ${span});
      for (let i = 0; i < ${span}; i++) {
        const port = ${from} + ((offset + i) % ${span});
        if ((await tryHost(port, '127.0.0.1')) && (await tryHost(port, '::1'))) { console.log(port); return; }
      }
      process.exit(1);
    })();`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

process.env.E2E_PORT ??= freePort(3100, 800);
// A second free port for the embedded PostgreSQL (unused when TEST_DATABASE_URL is set).
process.env.E2E_PG_PORT ??= freePort(5500, 400);
process.env.CHROME_PATH ??= execFileSync(
  process.execPath,
  [path.join(REPO_ROOT, 'scripts/ensure-chromium.mjs')],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
).trim();

const ci = Boolean(process.env.CI) && process.env.CI !== 'false';
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: '.',
  testMatch: ['specs/**/*.spec.ts', 'support/*.setup.ts'],
  outputDir: path.join(TMP_DIR, 'e2e-results'),
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  reporter: [['list'], ...(jsonReport ? [['json', { outputFile: jsonReport }] as const] : [])],
  use: {
    baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    // A trace records a screencast and DOM snapshots of every action, which on two cores costs each
    // test about a third of its time even when the trace is thrown away (a test passed): record one
    // only for a retry, which CI runs for every failure; locally, pass `--trace on` (README).
    trace: 'on-first-retry',
    launchOptions: { executablePath: process.env.CHROME_PATH, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    // `alone` is the setup's teardown: it runs once every spec of `chromium` has finished (and so
    // with any run that signs in). By itself: `playwright test support/auth.setup.ts specs/x.alone.spec.ts`.
    // With E2E_AREAS (`npm run test:area`, one area's generated tests) it is no teardown: only the
    // files named on the command line run.
    {
      name: 'setup',
      testMatch: 'support/*.setup.ts',
      ...(process.env.E2E_AREAS ? {} : { teardown: 'alone' }),
    },
    {
      name: 'chromium',
      testMatch: 'specs/**/*.spec.ts',
      testIgnore: 'specs/**/*.alone.spec.ts',
      dependencies: ['setup'],
    },
    // Specs that change what every user sees (shared presets, the main menu) for a moment: after all
    // the others and one at a time, so no other spec meets that moment.
    { name: 'alone', testMatch: 'specs/**/*.alone.spec.ts', workers: 1 },
  ],
});

/**
 * Browser tests: Debian's Chromium (never a Playwright download) against the real server. The global
 * setup prepares one demo-seeded template database; each worker copies it and starts a server of its
 * own on the copy (support/test.ts), so the workers never share data.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/chromium.ts';
import { REPO_ROOT, TMP_DIR } from './support/paths.ts';

// Chosen once, in the runner, and inherited by the workers through the environment (they load this
// file again, and `??=` keeps the runner's values):
// - the run's name, which names its databases and its directory under .tmp, so two runs on one
//   machine never share either;
process.env.E2E_RUN ??= randomBytes(4).toString('hex');
// - the SECRETS_KEY of every worker's server (32 random bytes): each server seals the identity
//   provider's keys it makes in its database with it (docs/adr/0024-keys-at-rest.md), and with a key
//   given none is written into a data directory.
process.env.E2E_SECRETS_KEY ??= randomBytes(32).toString('base64');
process.env.CHROME_PATH ??= execFileSync(
  process.execPath,
  [path.join(REPO_ROOT, 'scripts/ensure-chromium.mjs')],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
).trim();

const ci = Boolean(process.env.CI) && process.env.CI !== 'false';
const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: '.',
  testMatch: 'specs/**/*.spec.ts',
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
    // baseURL is each worker's own server (support/test.ts).
    headless: true,
    screenshot: 'only-on-failure',
    // A trace records a screencast and DOM snapshots of every action, which on two cores costs each
    // test about a third of its time even when the trace is thrown away (a test passed): record one
    // only for a retry, which CI runs for every failure; locally, pass `--trace on` (README).
    trace: 'on-first-retry',
    launchOptions: { executablePath: process.env.CHROME_PATH, args: CHROMIUM_ARGS },
    // The console honours "reduce motion" (no transitions of modals, menus and toasts, no CSS
    // animations): the tests ask for it, so no step waits for a transition to end and no frame is
    // drawn for one, which on two cores shared by two browsers and their servers is time spent on
    // nothing a test checks (measured: two spec files, one worker, 326-332 s against 451-625 s).
    // The specs about motion itself ask for it back (list-grid.spec.ts, "with motion");
    // E2E_MOTION=full runs every test with motion.
    ...(process.env.E2E_MOTION === 'full' ? {} : { contextOptions: { reducedMotion: 'reduce' as const } }),
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [{ name: 'chromium' }],
});

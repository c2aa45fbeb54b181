#!/usr/bin/env node
/**
 * `npm test`: every check and test, in order, stopping at the first failure:
 *   type check (npm run typecheck: tsc per workspace) → lint (biome) → with TEST_DATABASE_URL, one
 *   template database seeded with the tests' demo for every later phase → unit, API and web tests (vitest;
 *   under NODE_LTS when it names a second Node binary) → with NODE_LTS, a short smoke under this
 *   machine's Node (contracts, server start, built server, sign-in, lists and saves) → Chromium →
 *   build (the SPA and the server, as `npm start` runs them) → browser tests (playwright; one area
 *   of each shape in the generated matrix, every area with E2E_FULL_MATRIX=1: `npm run test:all`,
 *   which also has the API fuzz sweep every route: TEST_FULL_MATRIX=1).
 * Ends with each step's time, the total, and one line `N passed, M failed` (tests of vitest and
 * playwright together; a failed step that is not a test runner counts as one failure) and exits
 * non-zero on any failure.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { run, stopRunning } from './run.mjs';
import { makeRunTemplate } from './run-template.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const resultsDir = path.join(root, '.tmp', 'test-results');
const vitestJson = path.join(resultsDir, 'vitest.json');
const vitestSmokeJson = path.join(resultsDir, 'vitest-smoke.json');
const playwrightJson = path.join(resultsDir, 'playwright.json');

const totals = { passed: 0, failed: 0 };
const timings = [];
const startedAt = Date.now();

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

function countVitest(file = vitestJson) {
  const report = readJson(file);
  if (!report) return undefined;
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
}

function countPlaywright() {
  const report = readJson(playwrightJson);
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected };
}

/** Work to do before the process exits, whatever the outcome (dropping the run's template). */
const cleanups = [];

async function finish(failedStep) {
  stopRunning();
  for (const cleanup of cleanups.splice(0)) await cleanup().catch((error) => console.error(String(error)));
  console.log('');
  for (const { name, ms, ok } of timings) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds(ms)})`);
  console.log(`  total ${seconds(Date.now() - startedAt)}`);
  if (failedStep) console.log(`\nnpm test stopped: ${failedStep}.`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(failedStep ? 1 : 0);
}

/**
 * One step: `work` resolves to an exit code. `count` reads the step's test counts. A step fails on a
 * non-zero exit or on failed tests in its report (a runner's exit code alone is not trusted: a
 * global setup can reset it); a failing step without counted failures adds one failure so the
 * summary never hides it.
 */
async function step(name, work, count) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await work();
  await recordStep(name, code, Date.now() - started, count);
}

/**
 * Work started now that runs beside the steps that follow, until `join` makes it a step: it waits for
 * the work to end, prints what it wrote, and counts it like any step (its time is its own, from its
 * start: the summary marks it "beside", as the total does not add it).
 */
function beside(name, work) {
  const started = Date.now();
  const output = [];
  const done = work(output).then((code) => ({ code, ms: Date.now() - started }));
  return {
    async join() {
      console.log(`\n▶ ${name} (ran beside the steps before)`);
      const { code, ms } = await done;
      process.stdout.write(Buffer.concat(output.map((chunk) => Buffer.from(chunk))));
      await recordStep(name, code, ms, undefined, true);
    },
    /** Lets a run that stops early wait for this work before it cleans up. */
    settled: () => done.then(() => undefined),
  };
}

async function recordStep(name, code, ms, count, besideOthers = false) {
  const counted = count?.();
  if (counted) {
    totals.passed += counted.passed;
    totals.failed += counted.failed;
  }
  const reportMissing = Boolean(count) && !counted;
  const ok = code === 0 && !reportMissing && (!counted || counted.failed === 0);
  timings.push({ name: besideOthers ? `${name} [beside]` : name, ms, ok });
  if (!ok) {
    if (!counted || counted.failed === 0) totals.failed += 1;
    const why =
      code !== 0
        ? `exit ${code}`
        : reportMissing
          ? 'exit 0, but it wrote no report'
          : `exit 0, but its report lists ${counted?.failed} failed`;
    await finish(`${name} failed (${why})`);
  }
}

// `npm run test:all` (--full-matrix): the generated browser tests for every area, not one of each
// shape (E2E_FULL_MATRIX), and the API fuzz sweeps on every route, not one of each per-area family
// (TEST_FULL_MATRIX).
if (process.argv.includes('--full-matrix')) {
  process.env.E2E_FULL_MATRIX = '1';
  process.env.TEST_FULL_MATRIX = '1';
}

await rm(resultsDir, { recursive: true, force: true });
await mkdir(resultsDir, { recursive: true });

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void finish(`stopped by ${signal}`));

// Steps that wait on other things than this machine's cores, or use one core of two, run beside the
// steps before the one that needs them: seeding the template (mostly PostgreSQL's work) beside the
// type check (one core), and installing Chromium (the network and the disk) beside the Vitest run.
// With TEST_DATABASE_URL, one template database serves every phase (scripts/run-template.mjs).
const template = process.env.TEST_DATABASE_URL
  ? beside("test database: one template, migrated and seeded with the tests' demo", (output) =>
      makeRunTemplate({ run, output, cleanups }),
    )
  : undefined;
// The root script type-checks each workspace with its own tsconfig (tsc -p …).
await step('type check: npm run typecheck', () => run('npm', ['run', 'typecheck', '--silent']));
await step('lint: biome check .', () => run(bin('biome'), ['check', '.']));
await template?.join();
// NODE_LTS: a second Node.js binary (CI installs the current LTS, Node 24, from the npm registry).
// The whole vitest run goes under it once; this machine's Node (the oldest line `engines` allows)
// gets a smoke: the contracts, the server started from its sources and from its build, sign-in, a
// list and the save paths (records.test.ts), so the server is known to start and work on both lines.
const nodeLts = process.env.NODE_LTS;
const versionOf = (node) => {
  try {
    return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return `${node} (does not run)`;
  }
};
// Found, or installed with apt, while the Vitest run goes on; the browser tests are given its path.
const chromium = beside('Chromium', async (output) => {
  const chromeOutput = [];
  const code = await run(
    process.execPath,
    [path.join(root, 'scripts', 'ensure-chromium.mjs')],
    {},
    chromeOutput,
  );
  const text = Buffer.concat(chromeOutput.map((chunk) => Buffer.from(chunk)))
    .toString('utf8')
    .trim();
  const lines = text.split('\n');
  const chrome = lines.at(-1) ?? '';
  if (code === 0 && chrome.startsWith('/')) {
    process.env.CHROME_PATH = chrome;
    output.push(`${[...lines.slice(0, -1), `Chromium: ${chrome}`].join('\n')}\n`);
    return 0;
  }
  output.push(`${text}\n`);
  return code === 0 ? 1 : code;
});
const vitestArgs = (outputFile) => [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${outputFile}`,
];
if (nodeLts) {
  await step(
    `unit, API and web tests: vitest run under Node ${versionOf(nodeLts)} (NODE_LTS)`,
    () => run(nodeLts, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), ...vitestArgs(vitestJson)]),
    countVitest,
  );
  await step(
    `smoke under Node ${process.version}: contracts, server start, built server, records`,
    () =>
      run(bin('vitest'), [
        ...vitestArgs(vitestSmokeJson),
        '--project=contracts',
        '--project=api',
        'packages/contracts/',
        'apps/api/test/startup.test.ts',
        'apps/api/test/built-server.test.ts',
        'apps/api/test/records.test.ts',
      ]),
    () => countVitest(vitestSmokeJson),
  );
} else {
  await step(
    `unit, API and web tests: vitest run under Node ${process.version}`,
    () => run(bin('vitest'), vitestArgs(vitestJson)),
    countVitest,
  );
}
await chromium.join();
await step('build: npm run build (the SPA and the server)', () => run('npm', ['run', 'build', '--silent']));
const matrix =
  process.env.E2E_FULL_MATRIX === '1' ? 'every area' : 'one area of each shape, E2E_FULL_MATRIX=1 for all';
await step(
  `browser tests: playwright test (generated area tests: ${matrix})`,
  () =>
    run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { E2E_JSON_REPORT: playwrightJson }),
  countPlaywright,
);
await finish();

#!/usr/bin/env node
/**
 * `npm run test:area -- <area>`: the tests of one area module (a folder of apps/api/areas) alone, the
 * fast loop after changing it:
 *   its own API tests (apps/api/areas/<area>/*.test.ts) and the generated per-area API tests for it
 *   (areas.test.ts, area-records.test.ts, spec-areas.test.ts when its table lists the area; filtered
 *   by TEST_AREA) → build (the SPA and the server) → the generated browser tests for it
 *   (e2e/specs/areas.spec.ts, filtered by E2E_AREAS).
 * `--no-browser` leaves out the build and the browser tests. Prints each step's time; exits non-zero
 * on any failure.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { run, stopRunning } from './run.mjs';
import { makeRunTemplate } from './run-template.mjs';

const root = path.resolve(import.meta.dirname, '..');
const areasDir = path.join(root, 'apps', 'api', 'areas');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

const args = process.argv.slice(2);
const browser = !args.includes('--no-browser');
const [area] = args.filter((a) => !a.startsWith('--'));
const folders = readdirSync(areasDir)
  .filter((f) => statSync(path.join(areasDir, f)).isDirectory())
  .sort();
if (!area || !folders.includes(area)) {
  console.error(
    `${area ? `No area module "${area}". ` : ''}Usage: npm run test:area -- <area> [--no-browser]`,
  );
  console.error(`Areas: ${folders.join(', ')}`);
  process.exit(2);
}

// The manifest's entity: what the generated tests are filtered by.
const manifest = pathToFileURL(path.join(areasDir, area, 'manifest.ts')).href;
const entity = execFileSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    `const m = await import(${JSON.stringify(manifest)});
     console.log(Object.values(m).find((v) => v && v.kind === 'entity').entity);`,
  ],
  { cwd: root, encoding: 'utf8' },
).trim();
console.log(`Area ${area}: entity ${entity}`);

const timings = [];
const startedAt = Date.now();

/** Work to do before the process exits, whatever the outcome (dropping the run's template). */
const cleanups = [];

async function finish(failed) {
  stopRunning();
  for (const cleanup of cleanups.splice(0)) await cleanup().catch((error) => console.error(String(error)));
  console.log('');
  for (const { name, ms, ok } of timings) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds(ms)})`);
  console.log(`  total ${seconds(Date.now() - startedAt)}`);
  process.exit(failed ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void finish(true));

async function step(name, work) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await work();
  timings.push({ name, ms: Date.now() - started, ok: code === 0 });
  if (code !== 0) await finish(true);
}

const apiTest = (file) => path.join('apps', 'api', 'test', file);
const own = readdirSync(path.join(areasDir, area)).some((f) => f.endsWith('.test.ts'));
// spec-areas.test.ts holds hand-transcribed rows for some areas only; a file left with no test fails.
const inSpecTable = readFileSync(path.join(root, apiTest('spec-areas.test.ts')), 'utf8').includes(
  `entity: '${entity}'`,
);
const apiFiles = [
  ...(own ? [`apps/api/areas/${area}/`] : []),
  apiTest('areas.test.ts'),
  apiTest('area-records.test.ts'),
  ...(inSpecTable ? [apiTest('spec-areas.test.ts')] : []),
];
// With TEST_DATABASE_URL, the API tests and the browser workers clone one template seeded once.
if (process.env.TEST_DATABASE_URL) {
  await step("test database: one template, migrated and seeded with the tests' demo", () =>
    makeRunTemplate({ run, cleanups }),
  );
}
await step(`API tests of ${area}: ${apiFiles.join(' ')}`, () =>
  run(bin('vitest'), ['run', '--project=api', ...apiFiles], { TEST_AREA: entity }),
);
if (browser) {
  await step('build: npm run build (the SPA and the server)', () => run('npm', ['run', 'build', '--silent']));
  await step(`browser tests of ${area}: e2e/specs/areas.spec.ts`, () =>
    run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', 'specs/areas.spec.ts'], {
      E2E_AREAS: entity,
    }),
  );
}
await finish(false);

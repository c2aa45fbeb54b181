/**
 * `npm run bench:compare -- <build A> <build B> [<build C> …]`: line 7's sort (sort-click.ts) on two
 * or more builds of the console side by side, to tell whether a change to the sort path helps. A
 * change of a few per cent is lost in one run of the suite's line (5 pairs, each against the bare
 * page); here every round sorts once on each build, in alternating order, on the same database and
 * machine, and each build after the first is reported as the median of its per-round ratios to the
 * first build, with their spread.
 *
 * Each argument is a built console (the `apps/web/dist` of `npm run build -w apps/web`, copied
 * aside before the change: `cp -r apps/web/dist .tmp/web-before`). Each is served by its own real
 * server on the benchmark's database, kept after the run; a database no run has seeded yet is seeded
 * first, as by `npm run bench` (bench-setup.ts; BENCH_DATABASE_URL picks the PostgreSQL server).
 *
 * Env: BENCH_PAIRS (rounds, default 20: on a two-core machine a change under about 10 % needs
 * 20–30), BENCH_PAGE_SIZE (default 20). Not a test: it asserts nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { setUpBench, startBenchServer } from './bench-setup.ts';
import { cpuThrottle, launchChromium, signInThroughConsole } from './browser.ts';
import { sortClickToPaint, THROTTLE } from './grid/sort-click.ts';
import { fmtMs, fmtRatio, median, summarise } from './report.ts';

const builds = process.argv.slice(2).map((dir) => path.resolve(dir));
if (builds.length < 2 || builds.some((dir) => !existsSync(path.join(dir, 'index.html')))) {
  console.error('usage: npm run bench:compare -- <built console A> <built console B> [...]');
  console.error('each argument is a directory holding a built console (its index.html)');
  process.exit(2);
}
const rounds = Number(process.env.BENCH_PAIRS ?? 20);
const pageSize = Number(process.env.BENCH_PAGE_SIZE ?? 20);

// The database is the suite's, kept: a comparison never drops it (and seeds it only if no run has).
process.env.BENCH_KEEP = '1';
const env = await setUpBench(Number(process.env.BENCH_RESERVATIONS ?? 1_000_000));
const servers = await Promise.all(builds.map((dir) => startBenchServer(env.databaseUrl, dir)));
const browser = await launchChromium();
try {
  const pages: Page[] = [];
  for (const { base } of servers) {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(60_000);
    // See signedInBrowser (browser.ts): tsx's `__name` helper must exist in the page.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    await signInThroughConsole(page, base, 'admin@bmtools.local', 'admin');
    pages.push(page);
  }
  const throttles = await Promise.all(pages.map((page) => cpuThrottle(page)));
  const sortOn = async (i: number): Promise<number> =>
    (await sortClickToPaint(pages[i] as Page, throttles[i] as (typeof throttles)[number], pageSize)).ms;
  // A warm-up of each build (code compiled, fonts, the query's plan), not counted.
  for (const i of pages.keys()) await sortOn(i);
  const times: number[][] = builds.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [...pages.keys()] : [...pages.keys()].reverse();
    for (const i of order) times[i]?.push(await sortOn(i));
  }
  console.log(
    `sort click → paint of ${pageSize} sorted API-log rows, CPU ${THROTTLE}x slower, ${rounds} alternated rounds`,
  );
  const first = times[0] ?? [];
  builds.forEach((dir, i) => {
    const own = times[i] ?? [];
    const spread = `${fmtMs(Math.min(...own))}–${fmtMs(Math.max(...own))}`;
    const ratio =
      i === 0
        ? 'the reference'
        : `${fmtRatio(summarise(own.map((ms, k) => ms / (first[k] ?? Number.NaN))))} of the first`;
    console.log(
      `  ${path.relative(process.cwd(), dir) || dir}: median ${fmtMs(median(own))} (${spread}), ${ratio}`,
    );
  });
  await Promise.all(throttles.map((t) => t.detach()));
} finally {
  await browser.close();
  for (const { server } of servers) await server.close();
  await env.close();
}

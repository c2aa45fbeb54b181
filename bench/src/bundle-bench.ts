/**
 * Line 9 of the suite: what the browser downloads before the list renders, and when the list paints.
 *
 * Ours: the built console (apps/web/dist, served by the bench's real server) opening a list route
 * signed in as the admin. Baseline: bench/baseline-app, React + Mantine's provider + the console's
 * own DataGrid rendering the rows of the very list call the console made, with the same columns —
 * the floor of any screen that shows this grid. The bench builds the baseline into .tmp and serves
 * it from a small node:http server that passes /api calls on to the real server (the baseline page
 * gets the call, columns and token in its hash: no extra round trip).
 *
 * Each measurement opens the page in a fresh browser context (empty cache, like a first visit) and
 * waits for the grid's first data row. JS: every script response received until then, each body
 * gzipped here the same way for both arms, summed (the measure; the console's server sends
 * the build's own Brotli or gzip copies, the baseline's sends them as they are: what went over the
 * wire, and in which encoding, is in the note). LCP: the last `largest-contentful-paint` entry once the rows are on screen; and, since the
 * console's largest paint may be its page heading rather than the rows, when the first data row was
 * painted. The JS line has the targets; the two paint lines have none and print as INFO.
 * Both arms alternate (`paired`), after a warm-up of each; all three lines come from the same loads.
 *
 * Env: BENCH_BUNDLE_PATH (default /reservation/list?ignorestate=true), CHROME_PATH (default
 * /usr/bin/chromium). apps/web/dist must be built first (`npm run build`).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ColumnDefinition, presetDefinitionSchema } from '@bm/contracts';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { build } from 'vite';
import type { BenchEnv } from './bench-setup.ts';
import { launchChromium, signInThroughConsole } from './browser.ts';
import { fmtMs, fmtRatio, median, type Paired, paired, report } from './report.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const WEB_DIST = path.join(REPO, 'apps/web/dist');
const BASELINE_APP = path.join(REPO, 'bench/baseline-app');
const BASELINE_DIST = path.join(REPO, '.tmp/bench/baseline-app');
const LIST_PATH = process.env.BENCH_BUNDLE_PATH ?? '/reservation/list?ignorestate=true';
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const KB = 1024;
const JS_BUDGET_KB = 350;
const JS_RATIO = 2;

/**
 * Chunks of code that only forms need: the form engine itself (RecordScreenView), the code editor,
 * the rich-text editor and the date pickers. None may be among a list's first scripts.
 */
const FORM_ONLY_CHUNK = /\/assets\/(RecordScreenView|createCodeEditor|RichTextInput|DatePickers)-[\w-]+\.js$/;

interface Load {
  /** Gzipped bytes of every script received before the first row showed. */
  jsGzip: number;
  /** The same scripts' bodies as they went over the wire (compressed when the server compressed them). */
  jsSent: number;
  /** The content encodings they were sent in ('identity' for none). */
  encodings: string[];
  scripts: string[];
  /** Largest contentful paint, ms from navigation start. */
  lcp: number;
  /** The element of that paint (tag and the start of its text). */
  lcpElement: string;
  /** When the first data row was painted, ms from navigation start. */
  rowsPainted: number;
  /** Every resource the page fetched, when it started and ended (BENCH_BUNDLE_TRACE=1 prints them). */
  timeline: string[];
}

const TRACE = process.env.BENCH_BUNDLE_TRACE === '1';

/**
 * Records LCP entries from the start of the page, before any of its scripts run, and when the
 * grid's first data row reached the screen (the frame after it entered the DOM).
 */
const LCP_OBSERVER = `
  window.__lcp = 0;
  window.__lcpElement = '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__lcp = entry.startTime;
      const el = entry.element;
      window.__lcpElement = el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 30) + '"' : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  window.__rows = 0;
  const rows = new MutationObserver(() => {
    if (window.__rows || !document.querySelector('[role="grid"] tbody tr[aria-rowindex]')) return;
    window.__rows = -1;
    rows.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__rows = performance.now(); }));
  });
  rows.observe(document, { childList: true, subtree: true });
`;

const firstRow = (page: Page) => page.locator('[role="grid"] tbody tr[aria-rowindex]').first();

/** Opens `url` in a fresh context (empty cache) and measures it until the grid's first row shows. */
async function measureLoad(
  browser: Browser,
  url: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined,
): Promise<Load> {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(LCP_OBSERVER);
    let open = true;
    // Bodies are read once the rows are on screen: reading them meanwhile would add to the load measured.
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (open && response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto(url);
    await firstRow(page).waitFor({ state: 'visible', timeout: 60_000 });
    open = false;
    // The paint of the rows reaches the observer a frame or two after they are in the DOM.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
        ),
    );
    await page.waitForFunction(() => (window as unknown as { __rows: number }).__rows > 0);
    const { lcp, lcpElement, rowsPainted, timeline } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __rows: number };
      const calls = performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .map((e) => `${e.startTime.toFixed(0)}–${e.responseEnd.toFixed(0)} ms ${new URL(e.name).pathname}`);
      return { lcp: w.__lcp, lcpElement: w.__lcpElement, rowsPainted: w.__rows, timeline: calls };
    });
    const scripts = await Promise.all(
      responses.map(async (r) => ({
        url: r.url(),
        body: await r.body(),
        sent: (await r.request().sizes()).responseBodySize,
        encoding: (await r.headerValue('content-encoding')) ?? 'identity',
      })),
    );
    return {
      jsGzip: scripts.reduce((sum, s) => sum + gzipSync(s.body).length, 0),
      jsSent: scripts.reduce((sum, s) => sum + s.sent, 0),
      encodings: [...new Set(scripts.map((s) => s.encoding))],
      scripts: scripts.map((s) => new URL(s.url).pathname),
      lcp,
      lcpElement,
      rowsPainted,
      timeline,
    };
  } finally {
    await context.close();
  }
}

/** Signs the admin in through the built-in provider and returns the browser state (tokens). */
async function signedInState(browser: Browser, base: string) {
  const context = await browser.newContext();
  try {
    await signInThroughConsole(await context.newPage(), base, 'admin@bmtools.local', 'admin');
    return await context.storageState();
  } finally {
    await context.close();
  }
}

interface Discovered {
  /** The console's list call (path and query). */
  listUrl: string;
  columns: ColumnDefinition[];
  keyColumn: string;
}

interface PresetBody {
  name?: unknown;
  definition?: unknown;
}

/**
 * Opens the list once to learn what the baseline must show: the preset the console picked (by the
 * name in its Preset box), its columns, and the list call it made for the rows.
 */
async function discover(browser: Browser, base: string, state: Awaited<ReturnType<typeof signedInState>>) {
  const presets: PresetBody[] = [];
  const calls: string[] = [];
  const context = await browser.newContext({ storageState: state });
  try {
    const page = await context.newPage();
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    page.on('response', async (r) => {
      if (!new URL(r.url()).pathname.startsWith('/api/presets/user/')) return;
      const body: unknown = await r.json().catch(() => null);
      if (Array.isArray(body)) presets.push(...(body as PresetBody[]));
    });
    await page.goto(`${base}${LIST_PATH}`);
    await firstRow(page).waitFor({ state: 'visible', timeout: 60_000 });
    const shown = await page.getByRole('combobox', { name: 'Preset', exact: true }).inputValue();
    const preset = presets.find((p) => p.name === shown) ?? presets[0];
    if (typeof preset?.definition !== 'string') throw new Error(`No preset seen for ${LIST_PATH}`);
    const definition = presetDefinitionSchema.parse(JSON.parse(preset.definition));
    const source = definition.source ?? '';
    const listUrl = calls.find((c) => c.split('?')[0] === source);
    if (!listUrl) throw new Error(`The list call to ${source} was not seen`);
    const columns = definition.definition;
    return {
      listUrl,
      columns,
      keyColumn: columns.find((c) => c.primary)?.mapKey ?? 'id',
    } satisfies Discovered;
  } finally {
    await context.close();
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Serves the built baseline like the console's server serves its own (no compression, long-cached
 * assets) and passes /api calls on to the real server.
 */
async function serveBaseline(
  root: string,
  api: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const apiUrl = new URL(api);
  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = httpRequest(
      {
        host: apiUrl.hostname,
        port: apiUrl.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: apiUrl.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname.startsWith('/api/')) return proxy(req, res);
    const file = path.join(root, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(root)) return res.writeHead(404).end();
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
          'cache-control': pathname.startsWith('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'no-store',
        });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An LCP element as the report shows it; empty when the page had replaced it by the time it was read. */
const describeElement = (load: Load | undefined): string => load?.lcpElement || '(replaced since)';

const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;
/** The encodings a run's scripts came in, over all its loads. */
const sentAs = (loads: readonly { encodings: string[] }[]): string =>
  [...new Set(loads.flatMap((l) => l.encodings))].sort().join(', ');

/** Pairs two arms' recorded figures the way `paired` does (ours ÷ baseline, pair by pair). */
function pairUp(ours: number[], baseline: number[]): Paired {
  const ratios = ours.map((x, i) => x / (baseline[i] ?? Number.NaN));
  return {
    ours,
    baseline,
    ratios,
    ratio: median(ratios),
    spread: [Math.min(...ratios), Math.max(...ratios)],
  };
}

export async function bundleBenchmarks(env: BenchEnv): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is not built: run `npm run build` before the bundle benchmarks.');
  }
  await build({
    configFile: path.join(BASELINE_APP, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: BASELINE_DIST, emptyOutDir: true },
  });
  const baselineServer = await serveBaseline(BASELINE_DIST, env.base);
  const browser = await launchChromium();
  try {
    const state = await signedInState(browser, env.base);
    const found = await discover(browser, env.base, state);
    const token = (env.headers.authorization ?? '').replace(/^Bearer /, '');
    const hash = encodeURIComponent(JSON.stringify({ ...found, token }));
    const oursLoads: Load[] = [];
    const baselineLoads: Load[] = [];
    const lcp = await paired(
      PAIRS,
      async () => {
        const load = await measureLoad(browser, `${env.base}${LIST_PATH}`, state);
        oursLoads.push(load);
        return load.lcp;
      },
      async () => {
        const load = await measureLoad(browser, `${baselineServer.url}/#${hash}`, undefined);
        baselineLoads.push(load);
        return load.lcp;
      },
    );
    // The first load of each arm was the warm-up `paired` does not count.
    const ours = oursLoads.slice(1);
    const baseline = baselineLoads.slice(1);
    if (TRACE) {
      for (const [arm, load] of [
        ['ours', ours.at(-1)],
        ['baseline', baseline.at(-1)],
      ] as const) {
        console.log(`      ${arm}: LCP ${fmtMs(load?.lcp ?? 0)} on ${load?.lcpElement}`);
        for (const line of load?.timeline ?? []) console.log(`        ${line}`);
      }
    }
    const js = pairUp(
      ours.map((l) => l.jsGzip),
      baseline.map((l) => l.jsGzip),
    );
    const oursJs = median(js.ours);
    const formOnly = [...new Set(ours.flatMap((l) => l.scripts).filter((s) => FORM_ONLY_CHUNK.test(s)))];
    const scriptCount = median(ours.map((l) => l.scripts.length));
    const jsPass = js.ratio <= JS_RATIO && oursJs <= JS_BUDGET_KB * KB && formOnly.length === 0;
    const misses = [
      js.ratio > JS_RATIO ? `${js.ratio.toFixed(2)}x the baseline` : '',
      oursJs > JS_BUDGET_KB * KB ? `${kb(oursJs)} over ${JS_BUDGET_KB} KB` : '',
      formOnly.length > 0 ? `form-only code loaded on the list: ${formOnly.join(', ')}` : '',
    ].filter(Boolean);
    report({
      name: `bundle: initial JS (gzip) of ${LIST_PATH.split('?')[0]}`,
      ours: `${kb(oursJs)} in ${scriptCount} scripts`,
      baseline: `${kb(median(js.baseline))} in ${median(baseline.map((l) => l.scripts.length))} scripts`,
      ratio: fmtRatio(js),
      target: `≤ ${JS_RATIO}x and ≤ ${JS_BUDGET_KB} KB, no form-only code`,
      pass: jsPass,
      note:
        (misses.length > 0 ? `${misses.join('; ')}. ` : '') +
        `Sent over the wire: ${kb(median(ours.map((l) => l.jsSent)))} ours (${sentAs(ours)}), ` +
        `${kb(median(baseline.map((l) => l.jsSent)))} baseline (${sentAs(baseline)}).`,
    });
    report({
      name: `bundle: largest contentful paint of ${LIST_PATH.split('?')[0]} (cold cache)`,
      ours: fmtMs(median(lcp.ours)),
      baseline: fmtMs(median(lcp.baseline)),
      ratio: fmtRatio(lcp),
      target: '— (the issue sets none)',
      pass: true,
      informs: true,
      note:
        `LCP element: ours ${describeElement(ours.at(-1))}, baseline ${describeElement(baseline.at(-1))}. ` +
        'Ours loads the runtime config, route table, rights, menu and presets before its list call; the ' +
        `baseline makes that call (${found.listUrl}, ${found.columns.length} columns) at once.`,
    });
    const rows = pairUp(
      ours.map((l) => l.rowsPainted),
      baseline.map((l) => l.rowsPainted),
    );
    report({
      name: `bundle: first data row painted on ${LIST_PATH.split('?')[0]} (cold cache)`,
      ours: fmtMs(median(rows.ours)),
      baseline: fmtMs(median(rows.baseline)),
      ratio: fmtRatio(rows),
      target: '— (the issue sets none)',
      pass: true,
      informs: true,
      note: 'The frame after the first row entered the DOM; ours may paint its largest element (the page heading) before its rows.',
    });
  } finally {
    await browser.close();
    await baselineServer.close();
  }
}

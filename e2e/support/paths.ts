/** Paths and names shared by the Playwright config, the global setup, the worker fixture and the specs. */
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const TMP_DIR = path.join(REPO_ROOT, '.tmp');
export const SCREENSHOT_DIR = path.join(TMP_DIR, 'screenshots');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** The built server (`npm run build`), which each worker starts as `npm start` would. */
export const API_MAIN = path.join(REPO_ROOT, 'apps/api/dist/main.js');

/**
 * Everything of one run (E2E_RUN, chosen by the config): the embedded PostgreSQL when no
 * TEST_DATABASE_URL is given, the copy of the built SPA the servers serve (so a rebuild during the
 * run cannot pull it away) and each worker's data and exports. A directory per run, so two runs on
 * one machine never share one; the global teardown removes it.
 */
export const runDir = (run: string): string => path.join(TMP_DIR, `e2e-run-${run}`);
export const staticDir = (run: string): string => path.join(runDir(run), 'static');
/** The data directory (uploads) and the export storage of one worker's server. */
export const workerDir = (run: string, parallelIndex: number): string =>
  path.join(runDir(run), `w${parallelIndex}`);

/**
 * The log of the servers of worker slot `parallelIndex`, emptied at the start of each run and
 * appended to by every server of the slot (a worker that replaces a failed one starts its own), so
 * the log of a failure outlives its worker. Outside the run's directory: it is kept after the run.
 */
export const serverLog = (parallelIndex: number): string =>
  path.join(TMP_DIR, `e2e-server-w${parallelIndex}.log`);

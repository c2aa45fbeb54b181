/** Paths and names shared by the Playwright config, the global setup and the specs. */
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const TMP_DIR = path.join(REPO_ROOT, '.tmp');
/** Embedded PostgreSQL data of the e2e server when no TEST_DATABASE_URL is given; wiped at every run. */
export const E2E_DATA_DIR = path.join(TMP_DIR, 'e2e-data');
/** Signed-in browser state per demo account, written by the setup project. */
export const AUTH_DIR = path.join(TMP_DIR, 'e2e-auth');
export const SERVER_LOG = path.join(TMP_DIR, 'e2e-server.log');
export const SCREENSHOT_DIR = path.join(TMP_DIR, 'screenshots');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** The built server (`npm run build`), which the e2e run starts as `npm start` would. */
export const API_MAIN = path.join(REPO_ROOT, 'apps/api/dist/main.js');
/** The copy of the built SPA the e2e server serves, so a rebuild during the run cannot pull it away. */
export const E2E_STATIC_DIR = path.join(TMP_DIR, 'e2e-static');

export const authStatePath = (account: string): string => path.join(AUTH_DIR, `${account}.json`);

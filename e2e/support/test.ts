/**
 * The `test` every spec uses: Playwright's, with a database and a server of the worker's own.
 *
 * - `workerServer` (each worker, automatically): copies the run's template database (global-setup.ts)
 *   into `bm_e2e_<run>_w<parallelIndex>`, starts the built server on it on a free port, and points
 *   the worker's tests at it: `baseURL`, and E2E_DATABASE_URL for the direct reads and writes of
 *   support/db.ts. At the worker's end it stops the server and drops the database. So a spec changes
 *   only its own worker's data: specs running at the same time in other workers never see it, and
 *   a spec needs no lease or turn of its own. Specs of one worker run one after the other and share
 *   that database: a spec that changes what later ones rely on (the main menu, a shared preset)
 *   puts it back, as before.
 * - `signedInAs` (an option, `test.use({ signedInAs: ACCOUNTS.admin })`): the test's page starts
 *   signed in as that demo account. Tokens are issued by the worker's own server (its issuer is its
 *   own address), so each worker signs each account in once, the first time a test asks for it, and
 *   keeps the browser state for the worker's other tests. `storageStateOf(account)` gives that state
 *   to a context a test opens itself.
 */
import { test as base } from '@playwright/test';
import { type DemoAccount, type SignedInState, signIn } from './auth.ts';
import { adminDatabaseUrl, adminQuery, templateDatabase, withDatabase, workerDatabase } from './databases.ts';
import { startWorkerServer } from './server.ts';

type SignInOnce = (account: DemoAccount) => Promise<SignedInState>;

/** The signed-in states of this worker (a worker is a process of its own). */
let signer: SignInOnce | undefined;

/** The browser state of `account` signed in to this worker's server, for `browser.newContext`. */
export function storageStateOf(account: DemoAccount): Promise<SignedInState> {
  if (!signer)
    throw new Error('storageStateOf(account) works in a test or hook, once the worker has started');
  return signer(account);
}

interface WorkerServer {
  baseURL: string;
  databaseUrl: string;
}

export const test = base.extend<
  { signedInAs: DemoAccount | undefined },
  { workerServer: WorkerServer; signedIn: SignInOnce }
>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use, workerInfo) => {
      const run = process.env.E2E_RUN;
      if (!run) throw new Error('E2E_RUN is not set: run the browser tests with e2e/playwright.config.ts');
      const admin = adminDatabaseUrl();
      const name = workerDatabase(run, workerInfo.parallelIndex);
      // A worker that replaces a failed one in the same slot starts from the template again.
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      // FILE_COPY: the template's files copied, not written page by page to the WAL (WAL_LOG).
      await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${templateDatabase(run)} STRATEGY FILE_COPY`);
      const databaseUrl = withDatabase(admin, name);
      try {
        const server = await startWorkerServer({
          run,
          workerIndex: workerInfo.workerIndex,
          parallelIndex: workerInfo.parallelIndex,
          databaseUrl,
        });
        // Read at call time by support/db.ts, support/accounts.ts and the specs.
        process.env.E2E_DATABASE_URL = databaseUrl;
        process.env.E2E_BASE_URL = server.baseURL;
        try {
          await use({ baseURL: server.baseURL, databaseUrl });
        } finally {
          delete process.env.E2E_DATABASE_URL;
          delete process.env.E2E_BASE_URL;
          await server.stop();
        }
      } finally {
        await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    // Copying the template and starting a server take a few seconds; under load, much longer.
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],

  signedIn: [
    async ({ browser, workerServer }, use) => {
      const states = new Map<DemoAccount['key'], Promise<SignedInState>>();
      const signInOnce: SignInOnce = (account) => {
        let state = states.get(account.key);
        if (!state) {
          state = (async () => {
            // Given the address, and signed out: a context opened while a test runs takes that test's
            // options (its signed-in state too) for whatever it is not given.
            const context = await browser.newContext({
              baseURL: workerServer.baseURL,
              storageState: { cookies: [], origins: [] },
            });
            try {
              await signIn(await context.newPage(), account.email, account.password);
              return await context.storageState();
            } finally {
              await context.close();
            }
          })();
          // A sign-in that failed is tried again by the next test that asks, not handed on.
          state.catch(() => states.delete(account.key));
          states.set(account.key, state);
        }
        return state;
      };
      signer = signInOnce;
      try {
        await use(signInOnce);
      } finally {
        signer = undefined;
      }
    },
    { scope: 'worker', auto: true },
  ],

  baseURL: async ({ workerServer }, use) => use(workerServer.baseURL),
  signedInAs: [undefined, { option: true }],
  // A spec may still set `storageState` itself (signed out: `{ cookies: [], origins: [] }`).
  storageState: async ({ signedInAs, signedIn }, use) =>
    use(signedInAs ? await signedIn(signedInAs) : undefined),
});

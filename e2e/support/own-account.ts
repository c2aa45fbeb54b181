/**
 * A test whose page is signed in as an account of its worker's own (of the role `ownRole`, a viewer
 * unless the spec says otherwise), made once per worker and signed in once. For specs that count
 * or change what belongs to one account (its notifications, its favourites): under a demo account
 * they would meet every other worker's changes, as a repeated run (`--repeat-each`) puts one spec in
 * two workers at once.
 */
import { type BrowserContext, test as base } from '@playwright/test';
import { type Account, createAccount } from './accounts.ts';
import { signIn } from './auth.ts';

type Role = Parameters<typeof createAccount>[0];
/** A signed-in browser state, as `storageState` takes it. */
type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

export const test = base.extend<object, { ownRole: Role; own: Account & { state: SignedIn } }>({
  ownRole: ['viewer', { scope: 'worker', option: true }],
  own: [
    async ({ browser, ownRole }, use, workerInfo) => {
      const account = await createAccount(ownRole);
      // A worker's own context does not take the project's options: the base address is given.
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await signIn(page, account.email, account.password);
      const state = await context.storageState();
      await context.close();
      await use({ ...account, state });
    },
    { scope: 'worker' },
  ],
  storageState: ({ own }, use) => use(own.state),
});

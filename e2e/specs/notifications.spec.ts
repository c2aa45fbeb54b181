/**
 * The notifications bell: unread count, the list with more pages
 * on scroll, marking read, live arrivals through the hub with a toast, and downloads.
 * Notifications are raised by inserting rows, as any part of the system does; the database
 * announces them and the server pushes them to the recipient's open pages.
 */
import { expect, type Page, type WebSocketRoute } from '@playwright/test';
import { ACCOUNTS, waitForShell } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { header, waitForLiveNotifications } from '../support/shell.ts';
import { test } from '../support/test.ts';

// The demo viewer, in the worker's own database: no other spec counts or changes its notifications.
const viewer = ACCOUNTS.viewer;
test.use({ signedInAs: viewer });

// A history of read and unread messages for the viewer: twelve, one hour apart and inserted oldest
// first (ids grow with time, as live), the newest four unread: more than the list's first page of
// ten. Each run of the file adds its own, and the tests count from what is there.
test.beforeAll(async () => {
  await query(
    `INSERT INTO notifications (from_email, to_email, title, description, is_read, created_at)
     SELECT 'system', $1, 'History ' || age, 'History ' || age || ' (e2e)', age >= 4,
            now() - age * interval '1 hour'
       FROM generate_series(11, 0, -1) AS age`,
    [viewer.email],
  );
});
// The tests change the account's notifications: one after the other.
test.describe.configure({ mode: 'serial' });

const bell = (page: Page) => header(page).getByRole('button', { name: /^Notifications/ });
const list = (page: Page) => page.getByRole('list', { name: 'Notification list' });

async function counts(email: string): Promise<{ total: number; unread: number }> {
  const [row] = await query<{ total: number; unread: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT is_read)::int AS unread
       FROM notifications WHERE to_email = $1`,
    [email],
  );
  return row ?? { total: 0, unread: 0 };
}

async function raise(to: string, title: string, actions: object = {}): Promise<void> {
  await query(
    `INSERT INTO notifications (from_email, to_email, title, description, actions) VALUES ($1, $2, $3, $4, $5)`,
    ['system', to, title, `${title} (e2e)`, JSON.stringify(actions)],
  );
}

async function openShell(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await waitForShell(page, email);
}

test('the bell counts unread, lists newest first, loads more on scroll and marks read on click', async ({
  page,
}) => {
  const before = await counts(viewer.email);
  expect(before.unread).toBeGreaterThan(0);
  expect(before.total).toBeGreaterThan(10);
  await openShell(page, viewer.email);
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.unread} unread`);
  // The count shows on the bell (Mantine's Indicator, beside the button).
  await expect(header(page).getByText(String(before.unread), { exact: true })).toBeVisible();

  await bell(page).click();
  await expect(list(page).getByRole('listitem')).toHaveCount(10);
  const [newest] = await query<{ title: string }>(
    'SELECT title FROM notifications WHERE to_email = $1 ORDER BY id DESC LIMIT 1',
    [viewer.email],
  );
  await expect(list(page).getByRole('listitem').first()).toContainText(newest?.title ?? '');

  // Scrolling to the end loads the next page, and again, until everything is there (however many
  // pages the account's history takes). The list asks when its end comes into reach, so each round
  // leaves the end and comes back to it, as a reader does when a page arrived while at the end.
  const seenAll = page.getByText('Yay! You have seen it all');
  await expect(seenAll).toBeHidden();
  await list(page).hover();
  await expect(async () => {
    await page.mouse.wheel(0, -200);
    await list(page).getByRole('listitem').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect(seenAll).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(list(page).getByRole('listitem')).toHaveCount(before.total);

  // Clicking an unread item: a server call, then the local update.
  const unreadItem = list(page)
    .getByRole('button', { name: /, unread$/ })
    .first();
  const title = ((await unreadItem.getAttribute('aria-label')) ?? '').replace(/, unread$/, '');
  const marked = page.waitForResponse(
    (r) => r.url().includes('/makeAsRead') && r.request().method() === 'PUT',
  );
  await unreadItem.click();
  expect((await marked).status()).toBe(204);
  await expect(list(page).getByRole('button', { name: title, exact: true })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.unread - 1} unread`);
  expect((await counts(viewer.email)).unread).toBe(before.unread - 1);

  await page.reload();
  await waitForShell(page, viewer.email);
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.unread - 1} unread`);
});

test('a new notification arrives live at the top with a toast; one for someone else does not', async ({
  page,
}) => {
  await openShell(page, viewer.email);
  const before = await counts(viewer.email);
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.unread} unread`);
  // Raised once the hub socket is open, so it arrives live.
  await waitForLiveNotifications(page);
  await raise(ACCOUNTS.editor.email, 'For the editor only');
  await raise(viewer.email, 'Reservations export ready');

  await expect(page.getByText('Reservations export ready (e2e)')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.unread + 1} unread`);
  await bell(page).click();
  await expect(list(page).getByRole('listitem').first()).toContainText('Reservations export ready');
  await expect(page.getByText('For the editor only')).toHaveCount(0);
});

test('a notification raised while the hub connection was down is caught up on reconnect', async ({
  page,
}) => {
  // The page's hub socket passes through this route to the real server, so the test can cut it.
  const sockets: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
  await page.routeWebSocket(/\/notificationshub/, (ws) => {
    sockets.push({ page: ws, server: ws.connectToServer() });
  });
  await openShell(page, viewer.email);
  const before = await counts(viewer.email);
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.unread} unread`);
  await expect.poll(() => sockets.length).toBe(1);

  const caughtUp = page.waitForResponse((r) => r.url().includes('/api/notifications/getLatestMessages'));
  await sockets[0]?.server.close();
  await sockets[0]?.page.close();
  await raise(viewer.email, 'Raised while disconnected');

  // The page reconnects by itself (after 1 s) and, once its socket is open, asks for what it missed.
  // The route's handler that records the socket runs in the test process, which on a loaded machine
  // may be after that call has been answered: wait for the record rather than assume it.
  expect((await caughtUp).status()).toBe(200);
  await expect.poll(() => sockets.length).toBe(2);
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.unread + 1} unread`);
  await bell(page).click();
  await expect(list(page).getByRole('listitem').first()).toContainText('Raised while disconnected');
});

test("a download action fetches the file with the user's token and saves it as its name or Data.xlsx", async ({
  page,
}) => {
  await raise(viewer.email, 'Rights export ready', { download: { url: '/api/userRights' } });
  await raise(viewer.email, 'Named export ready', {
    download: { url: '/api/userRights', fileName: 'rights.xlsx' },
  });
  await raise(viewer.email, 'Foreign link', { download: { url: 'https://example.com/api/x' } });
  await openShell(page, viewer.email);
  await bell(page).click();

  const first = page.waitForEvent('download');
  await list(page).getByRole('button', { name: 'Download Data.xlsx' }).click();
  const saved = await first;
  expect(saved.suggestedFilename()).toBe('Data.xlsx');
  // The file is what the API answered to the signed-in user: the viewer's rights.
  const body = await (await saved.createReadStream()).toArray();
  expect(Buffer.concat(body).toString()).toContain('BMTools/Page/List');

  const second = page.waitForEvent('download');
  await list(page).getByRole('button', { name: 'Download rights.xlsx' }).click();
  expect((await second).suggestedFilename()).toBe('rights.xlsx');

  // A link to another origin never gets a download button (the token would leave with it).
  const foreign = list(page).getByRole('listitem').filter({ hasText: 'Foreign link' });
  await expect(foreign).toBeVisible();
  await expect(foreign.getByRole('button', { name: /^Download/ })).toHaveCount(0);
});

test('a notification about a reservation opens it; a foreign address is never followed', async ({ page }) => {
  const [booking] = await query<{ id: number }>('SELECT id FROM reservations ORDER BY id LIMIT 1');
  await raise(viewer.email, 'Reservation to look at', { open: { url: `/reservation/view/${booking?.id}` } });
  await raise(viewer.email, 'Sneaky link', { open: { url: 'https://example.com/phish' } });
  await openShell(page, viewer.email);
  await bell(page).click();
  // A foreign address: read, but the page stays.
  await list(page)
    .getByRole('button', { name: /^Sneaky link/ })
    .click();
  await expect(page).not.toHaveURL(/example\.com/);
  await list(page)
    .getByRole('button', { name: /^Reservation to look at/ })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `/reservation/view/${booking?.id}`);
  await expect(list(page)).toBeHidden();
});

test('times read as relative, with the exact time on hover', async ({ page }) => {
  await raise(viewer.email, 'Fresh news');
  await openShell(page, viewer.email);
  await bell(page).click();
  const time = list(page).getByRole('listitem').filter({ hasText: 'Fresh news' }).locator('time');
  await expect(time).toHaveText('just now');
  await expect(time).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});

test('Mark all as read clears the count, for the signed-in user only', async ({ page }) => {
  await raise(viewer.email, 'One more unread');
  const adminBefore = await counts(ACCOUNTS.admin.email);
  await openShell(page, viewer.email);
  await expect(bell(page)).toHaveAccessibleName(/unread$/);
  await bell(page).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  expect((await counts(viewer.email)).unread).toBe(0);
  expect((await counts(ACCOUNTS.admin.email)).unread).toBe(adminBefore.unread);
});

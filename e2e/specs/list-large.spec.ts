/**
 * A 1,000-row page on Reservations (the demo has thousands): it renders, scrolls to its last row, and only
 * a window of rows is ever in the DOM (the grid is virtualised). Frame times are printed, never
 * asserted: a timing bound fails on a busy two-core machine without any defect in the grid.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { grid, gridRows, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

test('pageSize 1000 renders, scrolls, and keeps only a window of rows in the DOM', async ({ page }) => {
  const call = page.waitForResponse(
    (r) => r.url().includes('/api/reservations?') && r.url().includes('pageSize=1000'),
  );
  await page.goto('/reservation/list?pageitems=1000&ignorestate=true');
  await call;
  const answered = Date.now();
  await waitForRows(page);
  const firstPaint = Date.now() - answered;
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '1001');
  const inDom = await gridRows(page).count();
  expect(inDom).toBeGreaterThan(10);
  expect(inDom).toBeLessThan(80);

  // Scroll through the whole page one frame at a time and time the frames in the browser.
  const scroller = grid(page).locator('xpath=..');
  const frames = await scroller.evaluate(async (el) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    // The browser's own frame time with nothing to do, to compare with.
    const idleStart = performance.now();
    for (let i = 0; i < 30; i += 1) await frame();
    const idle = (performance.now() - idleStart) / 30;
    const times: number[] = [];
    let last = performance.now();
    while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
      el.scrollTop += 400;
      await frame();
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    times.sort((a, b) => a - b);
    return {
      idle,
      count: times.length,
      p50: times[Math.floor(times.length / 2)] ?? 0,
      max: times.at(-1) ?? 0,
    };
  });
  await expect(gridRows(page).last()).toHaveAttribute('aria-rowindex', '1001');
  console.log(
    `1,000-row page: rows on screen ${firstPaint} ms after the answer; ${inDom} rows in the DOM; ` +
      `${frames.count} scroll frames of 400 px, p50 ${frames.p50.toFixed(1)} ms, max ${frames.max.toFixed(1)} ms ` +
      `(idle frame ${frames.idle.toFixed(1)} ms)`,
  );
  expect(await gridRows(page).count()).toBeLessThan(80);
  await expect(gridRows(page).first()).not.toHaveAttribute('aria-rowindex', '2');

  // Keyboard reaches the last row too: Ctrl+Home, then Ctrl+End.
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  await expect(gridRows(page).first()).toHaveAttribute('aria-rowindex', '2');
  await grid(page).locator('td[data-cell="0:0"]').focus();
  await expect(grid(page).locator('td[data-cell="0:0"]')).toBeFocused();
  await page.keyboard.press('Control+End');
  await expect(grid(page).locator('td[data-cell="999:12"]')).toBeFocused();
});

/**
 * The last column of a wide list does not run under the sticky Actions column: scrolled sideways to
 * the end, the last data column's header and cells end where Actions begins (Insurance and
 * Reservations, lists of many columns).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { grid, gridRows, scrollGridToEnd, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

interface Edges {
  left: number;
  right: number;
}

async function edges(locator: Locator): Promise<Edges> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { left: box.x, right: box.x + box.width };
}

/** The scroller's horizontal position, once scrolled as far right as it goes. */
async function scrolledToEnd(page: Page): Promise<boolean> {
  return grid(page).evaluate((table) => {
    let box = table.parentElement;
    while (box && getComputedStyle(box).overflowX !== 'auto') box = box.parentElement;
    return (
      box !== null &&
      box.scrollWidth > box.clientWidth &&
      box.scrollLeft + box.clientWidth >= box.scrollWidth - 1
    );
  });
}

/**
 * Scrolls the grid to its end and checks, in the header and in every row in the DOM, that the last
 * data cell is in view and ends at or before the left edge of the Actions cell.
 */
async function expectLastColumnClearOfActions(page: Page, list: string): Promise<void> {
  await scrollGridToEnd(page);
  await expect.poll(() => scrolledToEnd(page), `${list} scrolls sideways to its end`).toBe(true);
  const head = grid(page).locator('thead tr').first();
  const actionsHeader = head.locator('th').last();
  await expect(actionsHeader).toHaveText('Actions');
  await expect(actionsHeader).toHaveCSS('position', 'sticky');
  const lastHeader = head.locator('th').nth(-2);
  const scroller = await edges(grid(page).locator('xpath=..'));

  const pairs: Array<[string, Locator, Locator]> = [['the header', lastHeader, actionsHeader]];
  const rows = await gridRows(page).count();
  expect(rows).toBeGreaterThan(0);
  for (let i = 0; i < Math.min(rows, 10); i++) {
    const cells = gridRows(page).nth(i).locator('td');
    pairs.push([`row ${i + 1}`, cells.nth(-2), cells.last()]);
  }
  for (const [where, last, actions] of pairs) {
    const lastEdges = await edges(last);
    const actionsEdges = await edges(actions);
    // Half a pixel of rounding either way: widths are fractional at some zoom levels.
    expect(lastEdges.right, `${list}, ${where}: the last column runs under Actions`).toBeLessThanOrEqual(
      actionsEdges.left + 0.5,
    );
    expect(lastEdges.left, `${list}, ${where}: the last column starts in view`).toBeGreaterThanOrEqual(
      scroller.left - 0.5,
    );
    expect(actionsEdges.right, `${list}, ${where}: Actions ends in view`).toBeLessThanOrEqual(
      scroller.right + 0.5,
    );
  }
}

test.describe('at 1280 px', () => {
  test.use({ signedInAs: ACCOUNTS.admin, viewport: { width: 1280, height: 800 } });

  for (const [list, path] of [
    ['Insurance', '/insurance/list?ignorestate=true'],
    ['Reservations', '/reservation/list?ignorestate=true'],
  ] as const) {
    test(`${list}: scrolled to the end, the last column ends where Actions begins`, async ({ page }) => {
      await page.goto(path);
      await waitForRows(page);
      await expectLastColumnClearOfActions(page, list);
    });
  }
});

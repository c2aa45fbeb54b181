// The functions passed to page.evaluate run in the browser and are typed against the DOM.
/// <reference lib="dom" />
/**
 * Line 7's measurement of the console, shared by the suite (grid-bench.ts) and by the side-by-side
 * comparison of two builds (compare-builds.ts): "Sort ascending" on the API-logs list's Timestamp,
 * timed from the click event to the paint of the sorted rows with Chromium's CPU throttled.
 */
import type { Locator, Page } from 'playwright-core';

/** The API-logs list: its call and its screen. */
export const SOURCE = '/api/ApiLogs';
export const LIST_PATH = '/apilogs/list';
export const THROTTLE = 4;
/** Time a page is left to settle before the sort click, in both arms. */
export const SETTLE_MS = 500;

const isListCall = (url: string): boolean => new URL(url).pathname === SOURCE;

/** Chromium's CPU throttling for a page (cpuThrottle in browser.ts). */
interface Throttle {
  set(rate: number): Promise<void>;
}

/** Resolves with the time between two marks once the second follows the first (page side). */
export async function between(page: Page, from: string, to: string): Promise<number> {
  const handle = await page.waitForFunction(
    ([a, b]) => {
      const start = performance.getEntriesByName(a ?? '').at(-1);
      const end = performance.getEntriesByName(b ?? '').at(-1);
      return start && end && end.startTime > start.startTime ? end.startTime - start.startTime : 0;
    },
    [from, to],
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Where a button is, found before the clock starts. The sort is then clicked with a bare mouse
 * event there, as a person's click arrives: a locator's click also runs the driver's own check in
 * the page (which element is under the pointer, at pointerdown and at click), inside the measured
 * time, and that check costs in proportion to the page (about 15 ms at 4x on the console, almost
 * nothing on the bare table).
 */
export async function centreOf(button: Locator): Promise<{ x: number; y: number }> {
  const box = await button.boundingBox();
  if (!box) throw new Error('the sort button is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export interface SortClick {
  /** From the click event to the end of the frame that painted the sorted rows. */
  ms: number;
  /** The list calls the console made: the first page, and the sorted one. */
  firstUrl: string;
  sortedUrl: string;
}

/**
 * Opens the API-logs list at `pageSize` rows (its default preset, stored state ignored), opens the
 * Timestamp column menu, lets the list settle, then clicks "Sort ascending" with the CPU throttled
 * and waits for `bm:grid:paint` after the click.
 */
export async function sortClickToPaint(page: Page, throttle: Throttle, pageSize: number): Promise<SortClick> {
  const first = page.waitForRequest((r) => isListCall(r.url()));
  await page.goto(`${LIST_PATH}?preset=default&presetgroup=default&pageitems=${pageSize}&ignorestate=true`);
  const firstUrl = (await first).url();
  await between(page, 'bm:grid:data', 'bm:grid:paint');
  await page
    .getByRole('grid')
    .locator('thead th')
    .getByRole('button', { name: /^Timestamp( filtered)?$/ })
    .click();
  const menu = page.getByRole('dialog', { name: 'Timestamp column menu' });
  const sortButton = menu.getByRole('button', { name: 'Sort ascending' });
  await sortButton.waitFor();
  // The list settles first (its summary, fonts, the menu's opening), as it has when someone sorts.
  await page.waitForTimeout(SETTLE_MS);
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      (event) => {
        (window as unknown as { __clickAt: number }).__clickAt = event.timeStamp;
      },
      { capture: true, once: true },
    );
  });
  const sorted = page.waitForRequest((r) => isListCall(r.url()));
  const at = await centreOf(sortButton);
  await throttle.set(THROTTLE);
  try {
    await page.mouse.click(at.x, at.y);
    const sortedUrl = (await sorted).url();
    const handle = await page.waitForFunction(
      () => {
        const clickAt = (window as unknown as { __clickAt?: number }).__clickAt;
        const paint = performance.getEntriesByName('bm:grid:paint').at(-1);
        return clickAt !== undefined && paint && paint.startTime > clickAt ? paint.startTime - clickAt : 0;
      },
      undefined,
      { timeout: 60_000 },
    );
    return { ms: (await handle.jsonValue()) as number, firstUrl, sortedUrl };
  } finally {
    await throttle.set(1);
  }
}

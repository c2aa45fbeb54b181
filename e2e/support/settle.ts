/**
 * Waits until what a screen rendered has had its chance to act, without a fixed sleep: every image
 * in the document has finished loading or failed (so an `onerror` handler, had one been rendered,
 * has been queued), then two animation frames and one task turn pass (so queued events and
 * effects have run). Used before asserting that nothing ran.
 */
import type { Page } from '@playwright/test';

export async function settleRender(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }),
  );
}

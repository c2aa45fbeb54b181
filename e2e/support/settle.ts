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

/**
 * Returns once every request the page sent before this call has reached the test (its `request`
 * event fired, its `page.route` handler ran): the page fetches a unique address and the test waits
 * for it, and a page's requests reach the test in the order they were sent. Used before asserting
 * that a request was not sent.
 */
export async function requestBarrier(page: Page): Promise<void> {
  const marker = `barrier=${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => request.url().includes(marker));
  await page.evaluate((address) => fetch(address).then(() => undefined), `/api/config?${marker}`);
  await seen;
}

/** A gate a held request waits at (`await g.passed`) until the test opens it (`g.open()`). */
export function gate(): { passed: Promise<void>; open: () => void } {
  let open = () => {};
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}

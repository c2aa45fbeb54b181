/**
 * User Timing marks a list emits so that data-to-paint can be measured in the browser (the
 * benchmark reads them; nothing in the app does): `bm:grid:data` when a page's rows have arrived
 * (the answer parsed), `bm:grid:paint` once the grid has rendered those rows and the browser has
 * painted the frame that shows them. Each arrival clears the previous pair, so the timeline holds
 * one pair however long the session.
 */
export const DATA_MARK = 'bm:grid:data';
export const PAINT_MARK = 'bm:grid:paint';

const canMark = (): boolean => typeof performance !== 'undefined' && typeof performance.mark === 'function';

/** A page of rows has arrived (its answer is parsed). */
export function markRowsArrived(): void {
  if (!canMark()) return;
  performance.clearMarks(DATA_MARK);
  performance.clearMarks(PAINT_MARK);
  performance.mark(DATA_MARK);
}

/**
 * Called after the grid committed new rows: marks the end of the next frame. A message posted from
 * a requestAnimationFrame callback runs once that frame's style, layout and paint are done.
 */
export function markNextPaint(): void {
  if (!canMark() || typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function')
    return;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      performance.mark(PAINT_MARK);
    };
    channel.port2.postMessage(null);
  });
}

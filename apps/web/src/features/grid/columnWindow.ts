/**
 * Which of a wide grid's columns are in the DOM. Rows render only the columns within the view and
 * one view's width either side of it (spacer cells stand in for the rest), so a 20-column page of
 * long text lays out and paints a third of its cells while it scrolls. The margin is wide enough
 * that moving one column never reaches one that is not rendered, and a grid up to about twice the
 * screen's width keeps every column. Pinned columns are always rendered and are not counted here.
 */

export interface ColumnWindow {
  /** First rendered column, an index into the unpinned columns. */
  start: number;
  /** One past the last rendered column. */
  end: number;
}

/** The least margin kept either side of the view, in pixels (a narrow window still renders ahead). */
const MIN_MARGIN = 600;

/**
 * The unpinned columns (by width, in order) that overlap the view from `left` (pixels from the
 * first unpinned column's left edge) over `width` pixels, widened by the margin either side. A
 * view without a width (not laid out yet, or no layout at all) keeps every column.
 */
export function columnWindow(widths: readonly number[], left: number, width: number): ColumnWindow {
  if (width <= 0) return { start: 0, end: widths.length };
  const margin = Math.max(width, MIN_MARGIN);
  const from = left - margin;
  const to = left + width + margin;
  let start = widths.length;
  let end = 0;
  let x = 0;
  for (let i = 0; i < widths.length; i++) {
    const next = x + (widths[i] ?? 0);
    if (next > from && x < to) {
      start = Math.min(start, i);
      end = i + 1;
    }
    x = next;
  }
  return start < end ? { start, end } : { start: 0, end: 0 };
}

/**
 * The scroll position that brings a column fully into the part of the view not covered by the
 * pinned columns (on the left) and the sticky Actions column (on the right), or null when it
 * already is. `offset` is the column's left edge from the table's left edge.
 */
export function scrollLeftToShow(
  offset: number,
  columnWidth: number,
  view: { scrollLeft: number; clientWidth: number; coveredLeft: number; coveredRight: number },
): number | null {
  const visibleFrom = view.scrollLeft + view.coveredLeft;
  const visibleTo = view.scrollLeft + view.clientWidth - view.coveredRight;
  if (offset < visibleFrom) return Math.max(0, offset - view.coveredLeft);
  if (offset + columnWidth > visibleTo)
    return Math.max(0, offset + columnWidth - view.clientWidth + view.coveredRight);
  return null;
}

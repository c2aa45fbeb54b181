/**
 * Roving focus over the grid's cells: one cell is tabbable, arrows move it (scrolling the virtual
 * list, and sideways, so the target cell is rendered before it takes focus), Enter runs the row's
 * first action.
 */
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { type CellPosition, moveCell } from './moveCell.ts';

interface GridKeyboardInput {
  rows: number;
  cols: number;
  /**
   * Rows one Page Up or Down moves, asked on the key press: it reads the scroller's height, and
   * reading a size while rendering forces the browser to lay out the page as it was, once more.
   */
  pageRows: () => number;
  scroller: RefObject<HTMLElement | null>;
  scrollToRow: (row: number) => void;
  /** Brings a column into view sideways (rows render only the columns near the view). */
  scrollToCol: (col: number) => void;
  onEnter: (row: number) => void;
}

const cellId = (row: number, col: number): string => `${row}:${col}`;

function cellOf(target: EventTarget): CellPosition | null {
  const cell = (target as HTMLElement).closest?.('[data-cell]');
  const [row, col] = (cell?.getAttribute('data-cell') ?? '').split(':').map(Number);
  return row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col)
    ? null
    : { row, col };
}

export function useGridKeyboard({
  rows,
  cols,
  pageRows,
  scroller,
  scrollToRow,
  scrollToCol,
  onEnter,
}: GridKeyboardInput) {
  const [active, setActive] = useState<CellPosition>({ row: 0, col: 0 });
  // The cell a key moved to, until it is rendered and focused. It is the target itself, not a flag:
  // a key's update makes React first run the effects of a render still pending (a scroll's, say),
  // and those must focus the new cell or wait for it, never the cell the key left.
  const focusTarget = useRef<CellPosition | null>(null);
  const clampToGrid = (cell: CellPosition): CellPosition => ({
    row: Math.min(cell.row, Math.max(rows - 1, 0)),
    col: Math.min(cell.col, Math.max(cols - 1, 0)),
  });
  const current = clampToGrid(active);

  useEffect(() => {
    if (!focusTarget.current) return;
    const target = clampToGrid(focusTarget.current);
    const element = scroller.current?.querySelector<HTMLElement>(
      `[data-cell="${cellId(target.row, target.col)}"]`,
    );
    if (element) {
      element.focus({ preventScroll: true });
      focusTarget.current = null;
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const from = cellOf(event.target);
    if (!from) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      // A cell naming another record (a link to its view) leads there rather than to the row's own.
      const link = event.target instanceof HTMLElement ? event.target.querySelector('a[href]') : null;
      if (link instanceof HTMLAnchorElement) link.click();
      else onEnter(from.row);
      return;
    }
    const size = { rows, cols, pageRows: pageRows() };
    const next = moveCell(from, event.key, size, event.ctrlKey || event.metaKey);
    if (!next) return;
    event.preventDefault();
    focusTarget.current = next;
    setActive(next);
    scrollToRow(next.row);
    scrollToCol(next.col);
  };

  return {
    onKeyDown,
    active: current,
    onFocusCell: (event: { target: EventTarget }) => {
      const cell = cellOf(event.target);
      if (cell && (cell.row !== active.row || cell.col !== active.col)) setActive(cell);
    },
  };
}

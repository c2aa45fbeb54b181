/**
 * Arrow-key movement through grid cells: arrows by one cell, Home/End to the row's
 * ends (with Ctrl to the grid's corners), PageUp/PageDown by a page of rows; always within the grid.
 */

export interface CellPosition {
  row: number;
  col: number;
}

const clamp = (value: number, max: number): number => Math.min(Math.max(value, 0), Math.max(max, 0));

export function moveCell(
  from: CellPosition,
  key: string,
  size: { rows: number; cols: number; pageRows: number },
  ctrl = false,
): CellPosition | null {
  const lastRow = size.rows - 1;
  const lastCol = size.cols - 1;
  if (size.rows === 0 || size.cols === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return { row: clamp(from.row + 1, lastRow), col: from.col };
    case 'ArrowUp':
      return { row: clamp(from.row - 1, lastRow), col: from.col };
    case 'ArrowRight':
      return { row: from.row, col: clamp(from.col + 1, lastCol) };
    case 'ArrowLeft':
      return { row: from.row, col: clamp(from.col - 1, lastCol) };
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row: from.row, col: 0 };
    case 'End':
      return ctrl ? { row: lastRow, col: lastCol } : { row: from.row, col: lastCol };
    case 'PageDown':
      return { row: clamp(from.row + size.pageRows, lastRow), col: from.col };
    case 'PageUp':
      return { row: clamp(from.row - size.pageRows, lastRow), col: from.col };
    default:
      return null;
  }
}

import { describe, expect, it } from 'vitest';
import { moveCell } from './moveCell.ts';

const size = { rows: 50, cols: 4, pageRows: 10 };

describe('moveCell', () => {
  it('moves by one cell and stops at the edges', () => {
    expect(moveCell({ row: 0, col: 0 }, 'ArrowDown', size)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowUp', size)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 3, col: 3 }, 'ArrowRight', size)).toEqual({ row: 3, col: 3 });
    expect(moveCell({ row: 3, col: 3 }, 'ArrowLeft', size)).toEqual({ row: 3, col: 2 });
    expect(moveCell({ row: 49, col: 1 }, 'ArrowDown', size)).toEqual({ row: 49, col: 1 });
  });

  it('jumps with Home, End and the page keys', () => {
    expect(moveCell({ row: 5, col: 2 }, 'Home', size)).toEqual({ row: 5, col: 0 });
    expect(moveCell({ row: 5, col: 2 }, 'End', size)).toEqual({ row: 5, col: 3 });
    expect(moveCell({ row: 5, col: 2 }, 'End', size, true)).toEqual({ row: 49, col: 3 });
    expect(moveCell({ row: 5, col: 2 }, 'Home', size, true)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 45, col: 2 }, 'PageDown', size)).toEqual({ row: 49, col: 2 });
    expect(moveCell({ row: 5, col: 2 }, 'PageUp', size)).toEqual({ row: 0, col: 2 });
  });

  it('ignores other keys and empty grids', () => {
    expect(moveCell({ row: 0, col: 0 }, 'a', size)).toBeNull();
    expect(moveCell({ row: 0, col: 0 }, 'ArrowDown', { rows: 0, cols: 3, pageRows: 10 })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { columnWindow, scrollLeftToShow } from './columnWindow.ts';

const twenty = Array.from({ length: 20 }, () => 360);

describe('columnWindow', () => {
  it('keeps every column when the view has no width (before layout)', () => {
    expect(columnWindow(twenty, 0, 0)).toEqual({ start: 0, end: 20 });
  });

  it('renders the columns in view and one view width either side', () => {
    // View 1,000 px wide at the left edge: columns overlapping -1,000 … 2,000 px.
    expect(columnWindow(twenty, 0, 1000)).toEqual({ start: 0, end: 6 });
    // Scrolled to 3,600 px: columns overlapping 2,600 … 5,600 px.
    expect(columnWindow(twenty, 3600, 1000)).toEqual({ start: 7, end: 16 });
    // At the right end the window stops at the last column.
    expect(columnWindow(twenty, 6200, 1000)).toEqual({ start: 14, end: 20 });
  });

  it('keeps a grid up to about twice the view wide whole', () => {
    const reservations = [64, 120, 60, 160, 150, 110, 90, 60, 90, 200, 140, 140, 150, 100, 120, 150];
    expect(columnWindow(reservations, 0, 1280)).toEqual({ start: 0, end: reservations.length });
  });

  it('keeps at least the least margin either side of a narrow view', () => {
    const hundreds = Array.from({ length: 30 }, () => 100);
    expect(columnWindow(hundreds, 1000, 200)).toEqual({ start: 4, end: 18 });
  });

  it('renders nothing of a grid without unpinned columns', () => {
    expect(columnWindow([], 0, 1000)).toEqual({ start: 0, end: 0 });
  });
});

describe('scrollLeftToShow', () => {
  const view = { scrollLeft: 1000, clientWidth: 1000, coveredLeft: 200, coveredRight: 56 };

  it('leaves a column already in the uncovered part of the view alone', () => {
    expect(scrollLeftToShow(1300, 300, view)).toBeNull();
  });

  it('scrolls left to a column behind the pinned ones or before the view', () => {
    expect(scrollLeftToShow(1100, 100, view)).toBe(900);
    expect(scrollLeftToShow(100, 100, view)).toBe(0);
  });

  it('scrolls right to a column after the view or under the Actions column', () => {
    expect(scrollLeftToShow(1800, 200, view)).toBe(1056);
    expect(scrollLeftToShow(5000, 360, view)).toBe(4416);
  });
});

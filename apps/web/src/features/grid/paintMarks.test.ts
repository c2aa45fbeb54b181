import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_MARK, markNextPaint, markRowsArrived, PAINT_MARK } from './paintMarks.ts';

const marks = (name: string) => performance.getEntriesByName(name, 'mark');

afterEach(() => {
  vi.unstubAllGlobals();
  performance.clearMarks();
});

describe('paint marks', () => {
  it('marks an arrival, clearing the pair of the one before', () => {
    performance.mark(PAINT_MARK);
    markRowsArrived();
    markRowsArrived();
    expect(marks(DATA_MARK)).toHaveLength(1);
    expect(marks(PAINT_MARK)).toHaveLength(0);
  });

  it('marks the paint once the next animation frame has run, not before', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    markRowsArrived();
    markNextPaint();
    expect(marks(PAINT_MARK)).toHaveLength(0);
    for (const frame of frames.splice(0)) frame(performance.now());
    await vi.waitFor(() => expect(marks(PAINT_MARK)).toHaveLength(1));
    const [data] = marks(DATA_MARK);
    const [paint] = marks(PAINT_MARK);
    expect(paint?.startTime).toBeGreaterThanOrEqual(data?.startTime ?? Number.POSITIVE_INFINITY);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createLoadingCounter } from './loadingCounter.ts';

describe('createLoadingCounter', () => {
  it('starts at 0 and counts calls in flight', () => {
    const counter = createLoadingCounter();
    expect(counter.get()).toBe(0);
    counter.begin();
    counter.begin();
    expect(counter.get()).toBe(2);
    counter.end();
    expect(counter.get()).toBe(1);
    counter.end();
    expect(counter.get()).toBe(0);
  });

  it('never goes below 0', () => {
    const counter = createLoadingCounter();
    counter.end();
    expect(counter.get()).toBe(0);
  });

  it('tells subscribers of every change until they leave', () => {
    const counter = createLoadingCounter();
    const listener = vi.fn();
    const leave = counter.subscribe(listener);
    counter.begin();
    counter.end();
    leave();
    counter.begin();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges } from './unsavedChanges.ts';

describe('hasUnsavedChanges', () => {
  it('is false for the values as loaded, whatever the key order or empty spelling', () => {
    expect(hasUnsavedChanges({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(false);
    expect(hasUnsavedChanges({ a: null }, { a: '' })).toBe(false);
    expect(hasUnsavedChanges({}, { a: undefined })).toBe(false);
    expect(hasUnsavedChanges({ tags: [1, 2] }, { tags: [1, 2] })).toBe(false);
  });

  it('is true once any value differs', () => {
    expect(hasUnsavedChanges({ a: 1 }, { a: 2 })).toBe(true);
    expect(hasUnsavedChanges({ a: '' }, { a: 'typed' })).toBe(true);
    expect(hasUnsavedChanges({ tags: [1, 2] }, { tags: [1] })).toBe(true);
    expect(hasUnsavedChanges({ on: false }, { on: true })).toBe(true);
    expect(hasUnsavedChanges({}, { added: 'x' })).toBe(true);
  });
});

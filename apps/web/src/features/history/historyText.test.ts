import { describe, expect, it } from 'vitest';
import { actionText, changeText, valueText } from './historyText.ts';

describe('history text', () => {
  it('names every journalled action in words, and an unknown one as it is', () => {
    expect(actionText('update')).toBe('Edited');
    expect(actionText('bulkupdate')).toBe('Edited in bulk');
    expect(actionText('undelete')).toBe('Restored after delete');
    expect(actionText('ignore')).toBe('Added to blacklist');
    expect(actionText('something')).toBe('something');
  });

  it('reads a value as the console writes it', () => {
    expect(valueText(null)).toBe('(empty)');
    expect(valueText('')).toBe('(empty)');
    expect(valueText(true)).toBe('Yes');
    expect(valueText(7)).toBe('7');
    expect(valueText('2030-06-30')).toBe('2030-06-30');
    expect(valueText('2026-11-29T18:40:05+00:00')).toMatch(/^2026-11-\d{2} \d{2}:\d{2}:05$/);
    expect(valueText(['a', 'b'])).toBe('["a","b"]');
  });

  it('puts one change on a line', () => {
    expect(changeText({ column: 'priority', key: 'priority', label: 'Priority', before: 3, after: 7 })).toBe(
      'Priority: 3 → 7',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { digitsOnly, isAllowedNumberKey } from './numberKeys.ts';

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('number keys', () => {
  it('lets digits, delete, backspace and arrows through', () => {
    for (const k of [
      '0',
      '5',
      '9',
      'Delete',
      'Backspace',
      'ArrowLeft',
      'ArrowRight',
      'ArrowUp',
      'ArrowDown',
    ]) {
      expect(isAllowedNumberKey(key(k))).toBe(true);
    }
  });
  it('refuses letters, signs and anything with shift', () => {
    for (const k of ['a', 'e', '-', '+', '.', ',', ' ']) expect(isAllowedNumberKey(key(k))).toBe(false);
    expect(isAllowedNumberKey(key('5', { shiftKey: true }))).toBe(false);
    expect(isAllowedNumberKey(key('ArrowLeft', { shiftKey: true }))).toBe(false);
  });
  it('keeps Tab and shortcuts working', () => {
    expect(isAllowedNumberKey(key('Tab'))).toBe(true);
    expect(isAllowedNumberKey(key('Tab', { shiftKey: true }))).toBe(true);
    expect(isAllowedNumberKey(key('v', { ctrlKey: true }))).toBe(true);
  });
  it('cuts pasted text to its digits', () => {
    expect(digitsOnly('12a-3 4')).toBe('1234');
  });
});

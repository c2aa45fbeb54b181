/**
 * Keys the number input lets through: digits, Delete, Backspace and the arrows, never with
 * Shift. Tab, Enter and Ctrl/Cmd shortcuts (copy, paste, select all) also pass: blocking them would
 * trap keyboard users and break the form's Enter; pasted text is cut to its digits on change.
 */
const EDIT_KEYS = ['Delete', 'Backspace', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];
const NAVIGATION_KEYS = ['Tab', 'Enter', 'Home', 'End'];

export interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export function isAllowedNumberKey(event: KeyLike): boolean {
  if (event.ctrlKey || event.metaKey) return true;
  if (NAVIGATION_KEYS.includes(event.key)) return true;
  if (event.shiftKey) return false;
  return /^\d$/.test(event.key) || EDIT_KEYS.includes(event.key);
}

export const digitsOnly = (text: string): string => text.replace(/\D+/g, '');

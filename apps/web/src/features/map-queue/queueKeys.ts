/**
 * The queue's keys: Enter maps the top candidate, 1–5 that one, B blacklists, D disables, S or →
 * skips, U undoes the last action. A key typed into a field, on a button (whose own Enter acts),
 * inside a dialog or with a modifier is left alone.
 */
export type QueueCommand =
  | { type: 'map'; index: number }
  | { type: 'blacklist' }
  | { type: 'disable' }
  | { type: 'skip' }
  | { type: 'undo' };

interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

const IGNORED_TARGETS = 'input, textarea, select, button, a, [role="dialog"], [contenteditable="true"]';

export function queueCommandOf(event: KeyLike): QueueCommand | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const target = event.target;
  if (target instanceof Element && target.closest(IGNORED_TARGETS)) return undefined;
  const key = event.key;
  if (key === 'Enter') return { type: 'map', index: 0 };
  if (/^[1-5]$/.test(key)) return { type: 'map', index: Number(key) - 1 };
  switch (key.toLowerCase()) {
    case 'b':
      return { type: 'blacklist' };
    case 'd':
      return { type: 'disable' };
    case 's':
    case 'arrowright':
      return { type: 'skip' };
    case 'u':
      return { type: 'undo' };
    default:
      return undefined;
  }
}

/**
 * A value shown at once and passed on after a delay (select after-change delay 100 ms,
 * numeric input debounce 1 s). A newer value restarts the delay; a save flushes it (pendingChanges).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePendingChanges } from './pendingChanges.tsx';

export const SELECT_CHANGE_DELAY_MS = 100;
export const NUMBER_CHANGE_DELAY_MS = 1000;

export function useDelayedChange<T>(
  value: T,
  onChange: (value: T) => void,
  delayMs: number,
): [T, (next: T) => void] {
  const [shown, setShown] = useState(value);
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const pendingChanges = usePendingChanges();

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) latestOnChange.current(next.value);
  }, []);

  useEffect(() => pendingChanges.register(flush), [pendingChanges, flush]);
  useEffect(() => () => flush(), [flush]);

  // A value set from outside (load, discard, take stored) replaces what is shown.
  useEffect(() => {
    if (!pending.current) setShown(value);
  }, [value]);

  const change = useCallback(
    (next: T) => {
      setShown(next);
      pending.current = { value: next };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  return [shown, change];
}

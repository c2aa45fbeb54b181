/**
 * Widgets that hold a change back (selects 100 ms, numbers 1 s) register a flush here, so a
 * save sends what is on screen even when the user clicks Save inside the delay.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';

export interface PendingChanges {
  register(flush: () => void): () => void;
  flushAll(): void;
}

export function createPendingChanges(): PendingChanges {
  const flushes = new Set<() => void>();
  return {
    register(flush) {
      flushes.add(flush);
      return () => flushes.delete(flush);
    },
    flushAll() {
      for (const flush of flushes) flush();
    },
  };
}

const PendingChangesContext = createContext<PendingChanges | null>(null);

export function PendingChangesProvider({ value, children }: { value: PendingChanges; children: ReactNode }) {
  return <PendingChangesContext value={value}>{children}</PendingChangesContext>;
}

/** The form's registry; outside a form (a widget rendered alone) a private one. */
export function usePendingChanges(): PendingChanges {
  const shared = useContext(PendingChangesContext);
  const own = useMemo(createPendingChanges, []);
  return shared ?? own;
}

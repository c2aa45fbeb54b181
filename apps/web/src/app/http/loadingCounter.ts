/**
 * The global loading counter: starts at 0, goes up when a call
 * begins and down when it ends, success or failure. The loading bar shows while it is above 0.
 */

export interface LoadingCounter {
  begin(): void;
  end(): void;
  get(): number;
  subscribe(listener: () => void): () => void;
}

export function createLoadingCounter(): LoadingCounter {
  let count = 0;
  const listeners = new Set<() => void>();
  const set = (next: number): void => {
    count = Math.max(0, next);
    for (const listener of listeners) listener();
  };
  return {
    begin: () => set(count + 1),
    end: () => set(count - 1),
    get: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { presetsKey, refreshPresets } from './presetQueries.ts';

const RIGHT = 'BMTools/Page/List';

/** A watched presets query whose every fetch waits until the test answers it. */
function watchedPresets() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetches: { signal: AbortSignal; answer: () => void }[] = [];
  const observer = new QueryObserver(client, {
    queryKey: presetsKey(RIGHT),
    queryFn: ({ signal }) =>
      new Promise<number>((resolve) => {
        fetches.push({ signal, answer: () => resolve(fetches.length) });
      }),
    staleTime: 60_000,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { client, fetches, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('refreshPresets', () => {
  it('lets the fetch in flight finish, then gives each change a fetch of its own, one after another', async () => {
    const { client, fetches, unsubscribe } = watchedPresets();
    await settle();
    expect(fetches).toHaveLength(1); // the first load, still running

    const first = refreshPresets(client, RIGHT);
    const second = refreshPresets(client, RIGHT);
    await settle();
    expect(fetches).toHaveLength(1);
    fetches[0]?.answer();
    await settle();
    expect(fetches).toHaveLength(2);
    fetches[1]?.answer();
    await first;
    await settle();
    expect(fetches).toHaveLength(3);
    fetches[2]?.answer();
    await second;

    expect(fetches.map((f) => f.signal.aborted)).toEqual([false, false, false]);
    unsubscribe();
  });
});

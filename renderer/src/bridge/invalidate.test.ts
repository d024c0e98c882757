import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidate } from './invalidate';

/** A read whose answers the test releases one by one, each the state of "the cache" when asked. */
function heldRead() {
  let state = 'syncing';
  const asked: Array<{ answer: string; release: () => void }> = [];
  const read = () =>
    new Promise<string>((resolve) => {
      const answer = state;
      asked.push({ answer, release: () => resolve(answer) });
    });
  return {
    read,
    asked,
    change: (next: string) => (state = next),
  };
}

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

function watched(client: QueryClient, read: () => Promise<string>) {
  clients.push(client);
  const observer = new QueryObserver(client, {
    queryKey: ['forms.list', {}],
    queryFn: read,
    staleTime: 30_000,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unsubscribe };
}

/** Answers pass through promises only, but a loaded machine may take its time. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 60_000 });

const isForms = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] === 'forms.list';

describe('invalidate', () => {
  it('asks again a first load that a change overtook, and keeps the newer answer', async () => {
    const client = new QueryClient();
    const cache = heldRead();
    const { observer, unsubscribe } = watched(client, cache.read);
    await eventually(() => expect(cache.asked).toHaveLength(1));

    // The change lands while the first answer, read before it, is still on its way.
    cache.change('synced');
    void invalidate(client, isForms);
    cache.asked[0]!.release();

    await eventually(() => expect(cache.asked).toHaveLength(2));
    cache.asked[1]!.release();
    await eventually(() => expect(observer.getCurrentResult().data).toBe('synced'));
    unsubscribe();
  });

  it('asks once more per overtaken load, not once per change', async () => {
    const client = new QueryClient();
    const cache = heldRead();
    const { observer, unsubscribe } = watched(client, cache.read);
    await eventually(() => expect(cache.asked).toHaveLength(1));

    for (const state of ['page 1', 'page 2', 'synced']) {
      cache.change(state);
      void invalidate(client, isForms);
    }
    cache.asked[0]!.release();
    await eventually(() => expect(cache.asked).toHaveLength(2));
    cache.asked[1]!.release();
    await eventually(() => expect(observer.getCurrentResult().data).toBe('synced'));
    expect(cache.asked).toHaveLength(2);
    unsubscribe();
  });

  it('refetches a query that has data as invalidateQueries does, with no second request after', async () => {
    const client = new QueryClient();
    const cache = heldRead();
    const { observer, unsubscribe } = watched(client, cache.read);
    await eventually(() => expect(cache.asked).toHaveLength(1));
    cache.asked[0]!.release();
    await eventually(() => expect(observer.getCurrentResult().data).toBe('syncing'));

    cache.change('synced');
    void invalidate(client, isForms);
    await eventually(() => expect(cache.asked).toHaveLength(2));
    cache.asked[1]!.release();
    await eventually(() => expect(observer.getCurrentResult().data).toBe('synced'));
    expect(cache.asked).toHaveLength(2);
    unsubscribe();
  });
});

import type { Query, QueryClient } from '@tanstack/react-query';

/** Per query client: the first loads that an invalidation reached while their request was out. */
const reloadAfterLoad = new WeakMap<QueryClient, Set<Query>>();

/**
 * `invalidateQueries` that never loses an invalidation. TanStack Query joins an invalidation to a
 * first load already under way (a query with no data yet is not cancelled and asked again, as one
 * with data is): the load's answer, read before the change, is then kept as fresh. A form's card
 * stayed "syncing" that way, its list loaded while the sync's last events arrived. Such a load is
 * asked again once it ends.
 */
export function invalidate(
  client: QueryClient,
  predicate: (query: Query) => boolean,
): Promise<void> {
  const pending = loadsToRepeat(client);
  for (const query of client.getQueryCache().findAll({ predicate, fetchStatus: 'fetching' })) {
    if (query.state.data === undefined) pending.add(query);
  }
  return client.invalidateQueries({ predicate });
}

function loadsToRepeat(client: QueryClient): Set<Query> {
  const known = reloadAfterLoad.get(client);
  if (known) return known;
  const pending = new Set<Query>();
  reloadAfterLoad.set(client, pending);
  client.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (event.type === 'removed') pending.delete(query);
    if (event.type !== 'updated' || !pending.has(query) || query.state.fetchStatus !== 'idle')
      return;
    pending.delete(query);
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  });
  return pending;
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Bridge } from './bridge';
import { BridgeError } from './BridgeError';
import { createEventHub, type EventHub } from './eventHub';
import { invalidate } from './invalidate';
import { familiesStaleAfter, inFamilies, queriesReadingTables } from './invalidation';

interface BridgeContextValue {
  bridge: Bridge;
  hub: EventHub;
}

const BridgeContext = createContext<BridgeContextValue | null>(null);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Every call goes to the app's own core, never to the network: the browser's offline
        // state says nothing about it, and a form owner browses the cache offline. By default a
        // query waits for the browser to be online again, so no new view would open.
        networkMode: 'always',
        // Reads come from the local cache and events say when it changed: no polling on focus.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (failures, error) =>
          error instanceof BridgeError && error.shape.retryable && failures < 2,
      },
      // Writes reach the service through the core, which says itself when the service is offline.
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

/**
 * Provides the bridge, the query client and the one event subscription of the app: `cache.changed`
 * invalidates the queries that read the changed tables, sync and connection events the status
 * queries; every event is fanned out to `useAppEvent`.
 */
export function BridgeProvider({
  bridge,
  client,
  children,
}: {
  bridge: Bridge;
  client?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [hub] = useState(createEventHub);

  useEffect(
    () =>
      bridge.onEvent((event) => {
        if (event.type === 'cache.changed') {
          const matches = queriesReadingTables(event.tables);
          void invalidate(queryClient, (query) => matches(query.queryKey));
        }
        const families = familiesStaleAfter(event);
        if (families.length > 0) {
          void invalidate(queryClient, (query) => inFamilies(query.queryKey, families));
        }
        hub.emit(event);
      }),
    [bridge, hub, queryClient],
  );

  return (
    <BridgeContext.Provider value={{ bridge, hub }}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </BridgeContext.Provider>
  );
}

export function useBridgeContext(): BridgeContextValue {
  const value = useContext(BridgeContext);
  if (!value) throw new Error('useBridgeContext is used outside <BridgeProvider>.');
  return value;
}

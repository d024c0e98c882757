import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useAppEvent } from '../bridge';

export type ConnectionState = 'online' | 'offline' | 'unauthorized';

const ConnectionContext = createContext<(workspaceId: string | null) => ConnectionState>(
  () => 'online',
);

/**
 * Remembers the last `connection.changed` per workspace, and treats the whole machine as offline
 * while the browser says so (no network at all).
 */
export function ConnectionProvider({ children }: { children: ReactNode }) {
  const [byWorkspace, setByWorkspace] = useState<ReadonlyMap<string, ConnectionState>>(new Map());
  const [machineOnline, setMachineOnline] = useState(() => navigator.onLine);

  useAppEvent('connection.changed', (event) => {
    setByWorkspace((previous) => new Map(previous).set(event.workspaceId, event.state));
  });
  useEffect(() => {
    const update = () => setMachineOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const stateOf = (workspaceId: string | null): ConnectionState => {
    if (!machineOnline) return 'offline';
    return (workspaceId && byWorkspace.get(workspaceId)) || 'online';
  };
  return <ConnectionContext.Provider value={stateOf}>{children}</ConnectionContext.Provider>;
}

export function useConnectionState(workspaceId: string | null): ConnectionState {
  return useContext(ConnectionContext)(workspaceId);
}

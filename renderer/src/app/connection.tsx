import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ConnectionState } from '../../../electron/shared/contract';
import { useAppEvent, useOp } from '../bridge';
import { useCurrentWorkspace } from '../features/workspaces/useWorkspaces';
import { REACH_WORDS, unreachableOf, type Unreachable } from './reach';

export type { ConnectionState };

const EventStates = createContext<{
  byWorkspace: ReadonlyMap<string, ConnectionState>;
  machineOnline: boolean;
}>({
  byWorkspace: new Map(),
  machineOnline: true,
});

/**
 * Remembers the last `connection.changed` per workspace, and whether the machine has a network at
 * all (the browser's online flag), for every screen that shows "offline".
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

  return (
    <EventStates.Provider value={{ byWorkspace, machineOnline }}>{children}</EventStates.Provider>
  );
}

/**
 * How the open workspace reaches its service: the latest event when one came, else what the sync
 * status last recorded (so a reload while offline still says offline).
 */
export function useConnectionState(workspaceId: string | null): ConnectionState {
  const { byWorkspace, machineOnline } = useContext(EventStates);
  const status = useOp('sync.status', {}, { enabled: workspaceId !== null });
  if (!machineOnline) return 'offline';
  return (
    (workspaceId && byWorkspace.get(workspaceId)) || status.data?.connection.state || 'unknown'
  );
}

/** Whether this computer has a network at all (the browser's online flag). */
export function useMachineOnline(): boolean {
  return useContext(EventStates).machineOnline;
}

/** Why the open workspace's service cannot be asked now, or null when it can. */
export function useUnreachable(): Unreachable | null {
  const workspace = useCurrentWorkspace();
  const state = useConnectionState(workspace?.id ?? null);
  return unreachableOf(state, useMachineOnline());
}

/** Why a delete cannot be sent now, for its disabled button; null when it can. */
export function useDeleteBlocked(): string | null {
  const unreachable = useUnreachable();
  return unreachable ? REACH_WORDS[unreachable].needsService : null;
}

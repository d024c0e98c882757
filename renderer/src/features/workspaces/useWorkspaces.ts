import type { Workspace } from '../../../../electron/shared/contract';
import { useOp } from '../../bridge';

/** Every workspace, the open one's id and what the OS offers for storing keys. */
export function useWorkspaces() {
  return useOp('workspaces.list', {});
}

/** The open workspace, or null before one is chosen (or while loading). */
export function useCurrentWorkspace(): Workspace | null {
  const { data } = useWorkspaces();
  return data?.workspaces.find((workspace) => workspace.id === data.currentId) ?? null;
}

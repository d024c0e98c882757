import { startLocalApi } from '../../local-api';
import { type AppEvent } from '../../shared/contract';
import { createApiClient } from '../../core/api';
import { openCache } from '../../core/operations/workspaceCache';
import { createLogger } from '../../core/logging/log';
import { SyncService } from '../../core/sync/syncService';
import { WorkspaceManager } from '../../core/workspaces/manager';
import { MemoryKeyVault } from '../../core/workspaces/memoryVault';

/** The app on the demo workspace in `dataDir`, synced: the workspaces as browser mode wires them. */
export async function startDemoApp(
  dataDir: string,
  events: AppEvent[] = [],
): Promise<{ manager: WorkspaceManager; sync: SyncService }> {
  const manager = new WorkspaceManager({
    dataDir,
    vault: new MemoryKeyVault(),
    log: createLogger({ write: () => {} }),
    emit: (event) => events.push(event),
    createApiClient,
    openCache: (file) => openCache(file),
    startDemo: ({ store }) =>
      startLocalApi({ port: 0, store, rateLimit: 0, submissionsPerForm: 300, seed: 54 }),
  });
  const sync = new SyncService(manager, { intervalMs: 0 });
  await manager.openDemo();
  await sync.idle();
  return { manager, sync };
}

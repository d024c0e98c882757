import { createApiClient } from '../../api';
import { openCache } from '../../operations/workspaceCache';
import { createLogger } from '../../logging/log';
import { type DemoServer } from '../../workspaces/demoService';
import { WorkspaceManager } from '../../workspaces/manager';
import { MemoryKeyVault } from '../../workspaces/memoryVault';

/**
 * The workspaces as browser mode wires them (keys in memory, a silent log), on `dataDir`. The demo
 * server comes from the test: the core does not import the local API.
 */
export function testWorkspaces(
  dataDir: string,
  startDemo: (options: { store: string }) => Promise<DemoServer>,
): WorkspaceManager {
  return new WorkspaceManager({
    dataDir,
    vault: new MemoryKeyVault(),
    log: createLogger({ write: () => {} }),
    emit: () => {},
    createApiClient,
    openCache: (file) => openCache(file),
    startDemo,
  });
}

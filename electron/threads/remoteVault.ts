import { type KeyStorage } from '../shared/contract/workspaces';
import { type KeyringStatus, type KeyVault } from '../core/workspaces/types';
import { type WorkerPort } from './workerPort';

/**
 * The shell's key vault, seen from the core's thread. Keys are kept by the shell (Electron's
 * safeStorage lives only in the main process; browser mode's memory vault outlives a restarted
 * worker); the core asks for a key when it opens a workspace and holds it in its API client.
 */
export class RemoteVault implements KeyVault {
  constructor(
    private readonly port: WorkerPort,
    private readonly keyring: KeyringStatus,
  ) {}

  async put(workspaceId: string, key: string, storage: KeyStorage): Promise<KeyStorage> {
    return (await this.port.ask('vault.put', workspaceId, key, storage)) as KeyStorage;
  }

  get(workspaceId: string): Promise<string | null> {
    return this.port.ask('vault.get', workspaceId);
  }

  remove(workspaceId: string): Promise<void> {
    return this.port.ask('vault.remove', workspaceId);
  }

  status(): KeyringStatus {
    return { ...this.keyring };
  }
}

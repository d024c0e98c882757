import { type KeyStorage } from '../../shared/contract/workspaces';
import { type KeyringStatus, type KeyVault } from './types';

/** Kept safe, but only while this process runs: the name says so to the person choosing. */
export const MEMORY_BACKEND = 'memory, until Formdesk stops';

/**
 * Keys held in this process only, never written anywhere: browser mode's vault (the host keeps
 * keys it was given by its form or the environment), and the session-only half of main's vault.
 */
export class MemoryKeyVault implements KeyVault {
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly keyring: KeyringStatus = { secure: true, backend: MEMORY_BACKEND },
  ) {}

  async put(workspaceId: string, key: string, _storage: KeyStorage): Promise<KeyStorage> {
    this.keys.set(workspaceId, key);
    return 'session';
  }

  async get(workspaceId: string): Promise<string | null> {
    return this.keys.get(workspaceId) ?? null;
  }

  async remove(workspaceId: string): Promise<void> {
    this.keys.delete(workspaceId);
  }

  status(): KeyringStatus {
    return { ...this.keyring };
  }
}

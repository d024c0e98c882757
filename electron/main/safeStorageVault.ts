import { join } from 'node:path';
import { type SafeStorage } from 'electron';
import { z } from 'zod';
import { apiKeyProblem } from '../shared/api/apiKey';
import { type KeyStorage } from '../shared/contract/workspaces';
import { AppError } from '../shared/errors';
import { readJsonFile, writeFileAtomic } from '../core/files/atomicFile';
import { MemoryKeyVault } from '../core/workspaces/memoryVault';
import { type KeyringStatus, type KeyVault } from '../core/workspaces/types';

const KeysFile = z.object({
  version: z.literal(1),
  keys: z.record(
    z.string(),
    z.object({ storage: z.enum(['secure', 'plaintext']), data: z.string() }),
  ),
});
type KeysFile = z.infer<typeof KeysFile>;

/**
 * API keys kept by the OS keyring through Electron's safeStorage, in `<dataDir>/keys.json` as
 * ciphertext. On Linux without a keyring safeStorage falls back to `basic_text` (a fixed,
 * public key): that is reported as not secure, and a key is only stored then when the person
 * chose `plaintext` knowingly; `session` keys stay in memory and vanish with the process.
 */
export class SafeStorageVault implements KeyVault {
  private readonly file: string;
  /** Every key known this run: session keys only here, stored keys also decrypted once. */
  private readonly inMemory = new MemoryKeyVault();

  private constructor(
    dataDir: string,
    private readonly safeStorage: SafeStorage,
    private readonly keyring: KeyringStatus,
    private readonly encryptionAvailable: boolean,
  ) {
    this.file = join(dataDir, 'keys.json');
  }

  /** Call after the app is ready: the keyring is only known then. */
  static async open(
    dataDir: string,
    safeStorage: SafeStorage,
    platform: NodeJS.Platform,
  ): Promise<SafeStorageVault> {
    const available = await safeStorage.isAsyncEncryptionAvailable();
    const backend =
      platform === 'linux'
        ? safeStorage.getSelectedStorageBackend()
        : platform === 'darwin'
          ? 'keychain'
          : 'dpapi';
    const secure = available && backend !== 'basic_text' && backend !== 'unknown';
    return new SafeStorageVault(dataDir, safeStorage, { secure, backend }, available);
  }

  status(): KeyringStatus {
    return { ...this.keyring };
  }

  async put(workspaceId: string, key: string, storage: KeyStorage): Promise<KeyStorage> {
    if (storage === 'session') {
      this.forget(workspaceId);
      return this.inMemory.put(workspaceId, key, storage);
    }
    if (storage === 'secure' && !this.keyring.secure) {
      throw new AppError('INVALID_INPUT', 'This computer offers no secure key storage.', {
        details: { field: 'keyStorage' },
      });
    }
    if (!this.encryptionAvailable) {
      throw new AppError(
        'INTERNAL',
        'The key could not be stored: encryption is not available. Keep it for this session only.',
      );
    }
    const data = (await this.safeStorage.encryptStringAsync(key)).toString('base64');
    const kept: 'secure' | 'plaintext' = this.keyring.secure ? 'secure' : 'plaintext';
    const current = this.read();
    this.write({ ...current, keys: { ...current.keys, [workspaceId]: { storage: kept, data } } });
    await this.inMemory.put(workspaceId, key, storage);
    return kept;
  }

  async get(workspaceId: string): Promise<string | null> {
    const known = await this.inMemory.get(workspaceId);
    if (known !== null) return known;
    const entry = this.read().keys[workspaceId];
    if (!entry || !this.encryptionAvailable) return null;
    try {
      const { result, shouldReEncrypt } = await this.safeStorage.decryptStringAsync(
        Buffer.from(entry.data, 'base64'),
      );
      // Linux keyrings encrypt with AES-CBC and no MAC: under another keyring's secret about one
      // decryption in 256 unpads cleanly and yields noise. Only a key of the shape we stored is one.
      if (apiKeyProblem(result) !== null) return null;
      if (shouldReEncrypt) await this.put(workspaceId, result, entry.storage);
      else await this.inMemory.put(workspaceId, result, entry.storage);
      return result;
    } catch {
      // Another OS user, a reset keyring: the workspace shows its key as unavailable.
      return null;
    }
  }

  async remove(workspaceId: string): Promise<void> {
    await this.inMemory.remove(workspaceId);
    this.forget(workspaceId);
  }

  private forget(workspaceId: string): void {
    const current = this.read();
    if (!(workspaceId in current.keys)) return;
    const keys = { ...current.keys };
    delete keys[workspaceId];
    this.write({ ...current, keys });
  }

  private read(): KeysFile {
    return readJsonFile(this.file, KeysFile, { version: 1, keys: {} });
  }

  private write(next: KeysFile): void {
    writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`, 0o600);
  }
}

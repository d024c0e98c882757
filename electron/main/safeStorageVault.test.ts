import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SafeStorage } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SafeStorageVault } from './safeStorageVault';

const KEY = 'sk_prod_0123456789abcdef';

/** An OS keyring as safeStorage presents it: real AES under a secret this process holds. */
function keyring(
  backend: ReturnType<SafeStorage['getSelectedStorageBackend']>,
  secret = randomBytes(32),
) {
  const calls = { encrypt: 0, decrypt: 0, unpadded: 0 };
  const storage = {
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => backend,
    encryptStringAsync: async (text: string) => {
      calls.encrypt += 1;
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-256-cbc', secret, iv);
      return Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final()]);
    },
    decryptStringAsync: async (data: Buffer) => {
      calls.decrypt += 1;
      const decipher = createDecipheriv('aes-256-cbc', secret, data.subarray(0, 16));
      const result = Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]).toString(
        'utf8',
      );
      calls.unpadded += 1;
      return { result, shouldReEncrypt: false };
    },
  } as unknown as SafeStorage;
  return { storage, calls };
}

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'formdesk-vault-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('SafeStorageVault', () => {
  it('stores keys encrypted and reads them back after a restart', async () => {
    const { storage } = keyring('gnome_libsecret');
    const vault = await SafeStorageVault.open(dataDir, storage, 'linux');
    expect(vault.status()).toEqual({ secure: true, backend: 'gnome_libsecret' });
    expect(await vault.put('w1', KEY, 'secure')).toBe('secure');
    expect(readFileSync(join(dataDir, 'keys.json'), 'utf8')).not.toContain(KEY);
    expect(await (await SafeStorageVault.open(dataDir, storage, 'linux')).get('w1')).toBe(KEY);
  });

  it('reports basic_text as not secure and refuses to store a key "securely" there', async () => {
    const { storage } = keyring('basic_text');
    const vault = await SafeStorageVault.open(dataDir, storage, 'linux');
    expect(vault.status()).toEqual({ secure: false, backend: 'basic_text' });
    await expect(vault.put('w1', KEY, 'secure')).rejects.toThrow(/no secure key storage/);
    expect(await vault.put('w1', KEY, 'plaintext')).toBe('plaintext');
    expect(await vault.get('w1')).toBe(KEY);
  });

  it('keeps session keys in memory only, gone after a restart', async () => {
    const { storage, calls } = keyring('kwallet6');
    const vault = await SafeStorageVault.open(dataDir, storage, 'linux');
    expect(await vault.put('w1', KEY, 'session')).toBe('session');
    expect(await vault.get('w1')).toBe(KEY);
    expect(calls.encrypt).toBe(0);
    expect(await (await SafeStorageVault.open(dataDir, storage, 'linux')).get('w1')).toBeNull();
  });

  it('answers null, not an error, when the keyring can no longer decrypt a key', async () => {
    await (
      await SafeStorageVault.open(dataDir, keyring('gnome_libsecret').storage, 'linux')
    ).put('w1', KEY, 'secure');
    const otherUser = await SafeStorageVault.open(
      dataDir,
      keyring('gnome_libsecret').storage,
      'linux',
    );
    expect(await otherUser.get('w1')).toBeNull();
  });

  it('answers null, not noise, when another keyring unpads the ciphertext by chance', async () => {
    // AES-CBC under the wrong secret unpads cleanly about once in 256 tries; try until it does.
    const { storage } = keyring('gnome_libsecret');
    await (await SafeStorageVault.open(dataDir, storage, 'linux')).put('w1', KEY, 'secure');
    for (let attempt = 0; attempt < 20_000; attempt++) {
      const secret = randomBytes(32);
      const other = keyring('gnome_libsecret', secret);
      const vault = await SafeStorageVault.open(dataDir, other.storage, 'linux');
      expect(await vault.get('w1')).toBeNull();
      if (other.calls.unpadded > 0) return;
    }
    throw new Error('no wrong secret unpadded the ciphertext in 20,000 tries');
  });

  it('removes a key from disk and memory', async () => {
    const vault = await SafeStorageVault.open(
      dataDir,
      keyring('gnome_libsecret').storage,
      'darwin',
    );
    expect(vault.status().backend).toBe('keychain');
    await vault.put('w1', KEY, 'secure');
    await vault.remove('w1');
    expect(await vault.get('w1')).toBeNull();
    expect(JSON.parse(readFileSync(join(dataDir, 'keys.json'), 'utf8')).keys).toEqual({});
  });

  it('decrypts a stored key once per run, however often it is asked for', async () => {
    const { storage, calls } = keyring('gnome_libsecret');
    await (await SafeStorageVault.open(dataDir, storage, 'linux')).put('w1', KEY, 'secure');
    const restarted = await SafeStorageVault.open(dataDir, storage, 'linux');
    for (let i = 0; i < 5; i++) expect(await restarted.get('w1')).toBe(KEY);
    expect(calls.decrypt).toBe(1);
  });
});

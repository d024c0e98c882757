import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const config = parse(
  readFileSync(path.resolve(__dirname, '..', 'electron-builder.yml'), 'utf8'),
) as {
  electronFuses: Record<string, boolean>;
  asar: boolean;
};

describe('packaged builds', () => {
  it('turn off every Electron fuse that would let another program run code as Formdesk', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('load the app only from an integrity-checked archive', () => {
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toMatchObject({
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });
});

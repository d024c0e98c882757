import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV_FIXTURE_DIR, CSV_FIXTURES } from './csvFixtures';

describe('the CSV fixtures', () => {
  it('are on disk byte for byte as scripts/csvFixtures.ts writes them, and no others', () => {
    const onDisk = readdirSync(CSV_FIXTURE_DIR).filter((name) => name !== 'README.md');
    expect(onDisk.sort()).toEqual(Object.keys(CSV_FIXTURES).sort());
    for (const [name, bytes] of Object.entries(CSV_FIXTURES)) {
      // A mismatch here is usually a checkout or an editor that changed line endings or the BOM.
      expect(readFileSync(path.join(CSV_FIXTURE_DIR, name)).equals(bytes), name).toBe(true);
    }
  });
});

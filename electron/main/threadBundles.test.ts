import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';

const builtMain = resolve(__dirname, '../../out/main');
const SHEETJS = '@e965/xlsx';

/**
 * The modules a built file asks for with `require`, and those its chunks ask for, followed: what
 * loading it can load. A dynamic `import()` is not followed; it loads when its code runs.
 */
function requiredBy(file: string, found = new Set<string>()): Set<string> {
  for (const [, id] of readFileSync(file, 'utf8').matchAll(/\brequire\("([^"]+)"\)/g)) {
    const chunk = id!.startsWith('.') ? join(dirname(file), id!) : null;
    if (found.has(chunk ?? id!)) continue;
    found.add(chunk ?? id!);
    if (chunk) requiredBy(chunk, found);
  }
  return found;
}

beforeAll(() => ensureBuilt());

describe('the built threads', () => {
  it.each([
    'host.js',
    'coreWorker.js',
    'readerWorker.js',
    'writerWorker.js',
    'checkpointWorker.js',
    'fullCheckWorker.js',
  ])('%s starts without the spreadsheet reader', (entry) => {
    // SheetJS holds a thread a noticeable while as it loads; none of these threads reads a workbook.
    const required = requiredBy(join(builtMain, entry));
    expect(required).toContain('node:worker_threads');
    expect(required).not.toContain(SHEETJS);
  });

  it.each(['index.js', 'host.js', 'coreWorker.js', 'readerWorker.js', 'importWorker.js'])(
    '%s carries the zod it uses in its own chunks',
    (entry) => {
      // Every thread builds the contract's schemas as it starts. zod's package is a hundred files
      // to find, read and compile, every one loaded: a reader was ready in 200 ms with it, 140 ms
      // with what the contract uses of it bundled.
      const required = [...requiredBy(join(builtMain, entry))];
      expect(required).toContain('node:worker_threads');
      expect(required.filter((id) => id === 'zod' || id.startsWith('zod/'))).toEqual([]);
    },
  );

  it('load the spreadsheet reader in the import wizard only, when a workbook is read', () => {
    const entry = join(builtMain, 'importWorker.js');
    const required = requiredBy(entry);
    expect(required).not.toContain(SHEETJS);
    // The wizard's code is the entry and whichever of its chunks the bundler split out.
    const wizardCode = [entry, ...required]
      .filter((id) => id.startsWith(builtMain))
      .map((chunk) => readFileSync(chunk, 'utf8'))
      .join('\n');
    expect(wizardCode).toContain(`import("${SHEETJS}")`);
  });
});

import { utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { WriteTurns } from '../core/cache/writeTurns';
import { type ImportStart } from './protocol';
import { WIZARD_THREAD } from './wizardThreadLimits';
import { WorkerThread } from './workerThread';

describe("the import wizard's thread", () => {
  it('answers a file that takes it past its memory limit as a file that could not be read, not "try again"', async () => {
    // A heap small enough that a workbook within the budget still goes past it.
    const thread = new WorkerThread({
      ...WIZARD_THREAD,
      resourceLimits: { maxOldGenerationSizeMb: 64 },
      entry: 'importWorker',
      builtDir: undefined,
      workerData: () => ({ launch: 'l', turns: new WriteTurns().shared }) satisfies ImportStart,
      onNote: () => {},
      onStopped: () => {},
    });
    const rows = Array.from({ length: 30_000 }, (_, r) =>
      Array.from({ length: 10 }, (_, c) => `row ${r} column ${c}`),
    );
    const book = write(
      { SheetNames: ['S'], Sheets: { S: utils.aoa_to_sheet(rows) } },
      { type: 'buffer', bookType: 'xlsx', compression: true },
    ) as Buffer;
    try {
      const answer = await thread.call('imports.parse', {
        fileName: 'large.xlsx',
        contentBase64: book.toString('base64'),
      });
      expect(answer).toMatchObject({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: expect.stringMatching(
            /^This file could not be read: .* Save the sheet to import as CSV/,
          ) as unknown,
        },
      });
      if (!answer.ok) expect(answer.error.retryable).not.toBe(true);
    } finally {
      await thread.close();
    }
  }, 60_000);
});

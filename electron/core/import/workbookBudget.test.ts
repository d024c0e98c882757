import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { type HostileWorkbook } from './testing/hostileWorkbooks';
import { type HostileRead } from './testing/readHostileWorkbook';

/**
 * The most a read of one hostile file may add to its process's resident memory: what the largest
 * of these files would become is measured in gigabytes.
 */
const READ_BUDGET_MB = 128;

/**
 * Long enough for a busy machine, far short of what reading any of these files whole takes: a
 * refusal comes from counting, and the memory budget is what proves nothing was read whole.
 */
const ANSWER_WITHIN_MS = 30_000;

/**
 * Each file is made and read in a process of its own, so that the peak measured is the read's; a
 * read not answered in time is stopped and fails.
 */
async function readInChild(kind: HostileWorkbook): Promise<HostileRead> {
  const script = path.join(__dirname, 'testing', 'readHostileWorkbook.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`the read of ${kind} ended without an answer`);
    return line.value;
  };
  try {
    expect(await next()).toBe('ready');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS / 1000} s`)),
        ANSWER_WITHIN_MS,
      );
    });
    const answer = await Promise.race([next(), late]).finally(() => clearTimeout(timer));
    return JSON.parse(answer) as HostileRead;
  } finally {
    child.kill();
  }
}

describe('a workbook over the budget', () => {
  it.each([
    [
      'lyingDirectoryXlsx',
      'a zip bomb whose central directory says "stored" while its local header says deflated',
      /^This file is 1\.5 MB but would become more than 256 MB of data, more than Formdesk reads at once\. Save the sheet to import as CSV/,
      'WORKBOOK_TOO_LARGE',
    ],
    [
      'zlibRefusedXlsx',
      'a zip bomb behind a block zlib refuses and SheetJS reads',
      /^A part of this workbook is damaged, so it cannot be read\. Open it in its program, save it again/,
      'DAMAGED_WORKBOOK',
    ],
    [
      'manySharedStringsXlsx',
      'an .xlsx of 6.4 million shared strings',
      /^This file is \d+ KB but would become more than 5,000,000 shared strings, more than Formdesk reads at once\./,
      'WORKBOOK_TOO_LARGE',
    ],
    [
      'farColumnXlsx',
      'a sheet of 40,000 rows with one value each in column XFD',
      /^This file is \d+ KB but would become 655,360,000 cells \(40,000 rows × 16,384 columns\), more than Formdesk reads at once\. Save the sheet to import as CSV \(removing empty columns and rows first\)/,
      'WORKBOOK_TOO_LARGE',
    ],
    [
      'repeatedOds',
      'an .ods repeating one row 200,000 times over 16,384 columns',
      /^This file is 1 KB but would become 3,276,800,000 cells \(200,000 rows × 16,384 columns\), more than Formdesk reads at once\./,
      'WORKBOOK_TOO_LARGE',
    ],
    [
      'manyCellsXls',
      'an .xls of 8 million numbers, six bytes each',
      /^This file is 46\.4 MB but would become more than 5,000,000 cells, more than Formdesk reads at once\./,
      'WORKBOOK_TOO_LARGE',
    ],
  ] as const)(
    'refuses %s (%s) from its counts, with its size and what it would become, in a bounded memory',
    async (kind, _what, message, problem) => {
      const read = await readInChild(kind);
      expect(read.message).toMatch(message);
      expect(read.problem).toBe(problem);
      expect(read.peakMb - read.beforeMb).toBeLessThan(READ_BUDGET_MB);
    },
    60_000,
  );
});

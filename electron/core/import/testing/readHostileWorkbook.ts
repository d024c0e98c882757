/**
 * Makes one hostile workbook (named by the first argument), reads it as the wizard does, and prints
 * how the read ended and the process's peak memory: run in a process of its own, so that the peak
 * is this read's alone.
 */
import { AppError } from '../../../shared/errors';
import { openWorkbook } from '../readWorkbook';
import { workbookKind } from '../workbookFormat';
import { HOSTILE_WORKBOOKS, type HostileWorkbook } from './hostileWorkbooks';

/** What the child prints: the refusal's sentence and problem, sizes in MB. */
export interface HostileRead {
  fileBytes: number;
  message: string;
  problem: unknown;
  /** Resident memory before the read, with SheetJS loaded. */
  beforeMb: number;
  /** The process's peak resident memory, the read included. */
  peakMb: number;
}

/** Prints `ready` once the file is made, then the read's outcome (a `HostileRead`) on a line. */
async function main(): Promise<void> {
  const bytes = HOSTILE_WORKBOOKS[process.argv[2] as HostileWorkbook]();
  await import('@e965/xlsx');
  const beforeMb = process.memoryUsage().rss / 1024 / 1024;
  const kind = workbookKind(bytes);
  if (!kind) throw new Error('the generator made no workbook');
  process.stdout.write('ready\n');
  const answered = await openWorkbook(bytes, kind).then(
    () => new Error('the workbook was read'),
    (error: unknown) => error,
  );
  if (!(answered instanceof AppError)) throw answered;
  const read: HostileRead = {
    fileBytes: bytes.length,
    message: answered.message,
    problem: answered.details?.problem,
    beforeMb: Math.round(beforeMb),
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  process.stdout.write(`${JSON.stringify(read)}\n`);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});

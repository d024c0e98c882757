import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { makePrivate } from '../files/privateFiles';

/**
 * The assistants' server never writes the cache, which the app alone writes: each tool call is
 * appended to this file beside it instead, and the app takes the file's new lines into Activity.
 */
export const ASSISTANT_LOG = 'assistant-log.jsonl';

export const AssistantCall = z.object({
  id: z.string(),
  at: z.string(),
  tool: z.string(),
  formId: z.string().nullable(),
  submissionId: z.string().nullable(),
  /** Rows the answer carried (forms, for `list_forms`); never the rows themselves. */
  rows: z.number().int().nonnegative(),
  outcome: z.enum(['answered', 'refused', 'failed']),
});
export type AssistantCall = z.infer<typeof AssistantCall>;

/** How far a log was read: its length then and the last line taken, to know the same file again. */
export interface LogPosition {
  bytes: number;
  lastLine: string;
}

export function assistantLogFile(dataDir: string, workspaceId: string): string {
  return join(dataDir, 'workspaces', workspaceId, ASSISTANT_LOG);
}

/**
 * Appends one call as one line, in one write: lines of two servers never interleave. Only the
 * call's fields are written, never what it asked for (a search's text may name a person), so a
 * person's erasure has nothing to take out of the file.
 */
export function appendAssistantCall(file: string, call: AssistantCall): void {
  const fd = openSync(file, 'a', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(AssistantCall.parse(call))}\n`);
  } finally {
    closeSync(fd);
  }
  makePrivate(file);
}

/**
 * The calls appended since `from`, up to the last whole line, and the position after them. A file
 * shorter than `from`, or whose line before it is not the one taken last, was started over (removed
 * by hand, a copied data dir) and is read from its start. A line that is not a call is passed over.
 */
export function readAssistantCalls(
  file: string,
  from: LogPosition | null,
): { calls: AssistantCall[]; position: LogPosition } | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    const start = from && continues(fd, size, from) ? from.bytes : 0;
    const bytes = readAt(fd, start, size - start);
    const end = bytes.lastIndexOf(0x0a) + 1;
    const lines = bytes.subarray(0, end).toString('utf8').split('\n').slice(0, -1);
    const calls = lines.flatMap((line) => {
      try {
        const parsed = AssistantCall.safeParse(JSON.parse(line));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
    const lastLine = lines.at(-1) ?? (start === 0 ? '' : (from?.lastLine ?? ''));
    return { calls, position: { bytes: start + end, lastLine } };
  } finally {
    closeSync(fd);
  }
}

function continues(fd: number, size: number, from: LogPosition): boolean {
  if (size < from.bytes) return false;
  const line = Buffer.from(`${from.lastLine}\n`, 'utf8');
  if (from.lastLine === '') return from.bytes === 0;
  if (from.bytes < line.length) return false;
  return readAt(fd, from.bytes - line.length, line.length).equals(line);
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buffer, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read);
}

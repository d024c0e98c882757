import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { AppError } from '../../shared/errors';
import { ensurePrivateDir } from '../files/privateFiles';

export interface WrittenExport {
  exportId: string;
  fileName: string;
  filePath: string;
  bytes: number;
}

/**
 * Streams chunks into a new private file `<dataDir>/exports/<exportId>/<name> - <day>.<ext>`
 * (removed once delivered or at quit: see `exportDelivery.ts`), honouring back-pressure so a form
 * of any size is never held whole. The folder of its own lets the file keep the name a person
 * reads. A failed export leaves nothing behind.
 */
export async function writeExport(
  dataDir: string,
  baseName: string,
  extension: string,
  chunks: Iterable<string | Uint8Array>,
  {
    signal,
    exportId = randomUUID(),
    day = new Date().toISOString().slice(0, 10),
  }: { signal?: AbortSignal; exportId?: string; day?: string } = {},
): Promise<WrittenExport> {
  const exports = path.join(dataDir, 'exports');
  ensurePrivateDir(exports);
  const directory = path.join(exports, exportId);
  ensurePrivateDir(directory);
  const fileName = exportFileName(baseName, day, extension);
  const filePath = path.join(directory, fileName);
  const out = fs.createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
  let bytes = 0;
  try {
    for (const chunk of chunks) {
      if (signal?.aborted) throw new AppError('CANCELLED', 'The export was cancelled.');
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    await fs.promises.rm(directory, { recursive: true, force: true });
    if (error instanceof AppError) throw error;
    throw new AppError('INTERNAL', 'The export file could not be written.', { cause: error });
  }
  return { exportId, fileName, filePath, bytes };
}

/** Names Windows keeps for devices, with any extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
/** Room left for ` - YYYY-MM-DD (99).xlsx` within the name length most file systems allow. */
const NAME_BYTES = 200;

/**
 * `Customer feedback - 2026-11-28.csv`: the form's name as people wrote it, made safe on every
 * system: no path separators or characters Windows refuses, no control characters, no trailing
 * dot or space, never a device name.
 */
export function exportFileName(baseName: string, day: string, extension: string): string {
  let cleaned = '';
  for (const char of baseName
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()) {
    if (Buffer.byteLength(cleaned + char) > NAME_BYTES) break;
    cleaned += char;
  }
  cleaned = cleaned.replace(/^[.\s]+|[.\s]+$/g, '');
  const name = cleaned === '' || RESERVED.test(cleaned) ? `Export ${cleaned}`.trim() : cleaned;
  return `${name} - ${day}.${extension}`;
}

/**
 * The name itself when `taken` says it is free, else the first of `name (2).ext`, `name (3).ext`…
 * that is: what a person's downloads folder shows when a name is already there.
 */
export function freeName(fileName: string, taken: (name: string) => boolean): string {
  if (!taken(fileName)) return fileName;
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] =
    dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${extension}`;
    if (!taken(candidate)) return candidate;
  }
}

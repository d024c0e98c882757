import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { AppError } from '../../shared/errors';
import { ensurePrivateDir } from '../privateFiles';

export interface WrittenExport {
  exportId: string;
  fileName: string;
  filePath: string;
  bytes: number;
}

/**
 * Streams chunks into a new private file under `<dataDir>/exports/` (removed once delivered or at
 * quit: see `exportDelivery.ts`), honouring back-pressure so a form of any size is never held
 * whole. A failed export leaves no partial file behind.
 */
export async function writeExport(
  dataDir: string,
  baseName: string,
  extension: string,
  chunks: Iterable<string>,
  { signal, exportId = randomUUID() }: { signal?: AbortSignal; exportId?: string } = {},
): Promise<WrittenExport> {
  const directory = path.join(dataDir, 'exports');
  ensurePrivateDir(directory);
  const fileName = `${safeName(baseName)}-${new Date().toISOString().replace(/[:.]/g, '-')}-${exportId.slice(0, 8)}.${extension}`;
  const filePath = path.join(directory, fileName);
  const out = fs.createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
  let bytes = 0;
  try {
    for (const chunk of chunks) {
      if (signal?.aborted) throw new AppError('CANCELLED', 'The export was cancelled.');
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    await fs.promises.rm(filePath, { force: true });
    if (error instanceof AppError) throw error;
    throw new AppError('INTERNAL', 'The export file could not be written.', { cause: error });
  }
  return { exportId, fileName, filePath, bytes };
}

/** A file name part from a form name: letters, digits, dashes; never a path. */
function safeName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return cleaned === '' ? 'export' : cleaned;
}

import { randomUUID } from 'node:crypto';
import { IMPORT_FILE_MAX_BYTES } from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { keepNewest } from '../collections/keepNewest';

/** Files kept between reading and validating; older ones are dropped first. */
const KEPT_FILES = 4;

interface Upload {
  fileName: string;
  parts: Buffer[];
  size: number;
  complete: boolean;
}

/**
 * Files on their way into a job: sent in base64 parts (a bridge message has a practical size),
 * kept in memory until validation copies their rows into the journal. Nothing here needs to
 * survive a restart: the user would pick the file again.
 */
export class UploadStore {
  private readonly uploads = new Map<string, Upload>();

  constructor(private readonly maxBytes = IMPORT_FILE_MAX_BYTES) {}

  /** Adds a part; without an id, starts a new upload. */
  append(
    uploadId: string | undefined,
    fileName: string,
    base64: string,
    final: boolean,
  ): { uploadId: string; receivedBytes: number } {
    const id = uploadId ?? randomUUID();
    let upload = this.uploads.get(id);
    if (!upload) {
      if (uploadId !== undefined)
        throw new AppError('NOT_FOUND', 'This upload expired; choose the file again.');
      upload = { fileName, parts: [], size: 0, complete: false };
      keepNewest(this.uploads, id, upload, KEPT_FILES);
    }
    if (upload.complete) throw new AppError('CONFLICT', 'This upload is already complete.');
    const part = Buffer.from(base64, 'base64');
    if (upload.size + part.length > this.maxBytes) {
      this.uploads.delete(id);
      throw new AppError(
        'INVALID_INPUT',
        `The file is larger than ${formatMegabytes(this.maxBytes)}; split it into smaller files.`,
      );
    }
    upload.parts.push(part);
    upload.size += part.length;
    upload.complete = final;
    return { uploadId: id, receivedBytes: upload.size };
  }

  /** A whole file given at once. */
  put(fileName: string, base64: string): string {
    return this.append(undefined, fileName, base64, true).uploadId;
  }

  file(uploadId: string): { fileName: string; bytes: Uint8Array } {
    const upload = this.uploads.get(uploadId);
    if (!upload) throw new AppError('NOT_FOUND', 'This file is no longer open; choose it again.');
    if (!upload.complete)
      throw new AppError('CONFLICT', 'The file has not been fully received yet.');
    if (upload.parts.length > 1) upload.parts = [Buffer.concat(upload.parts)];
    return { fileName: upload.fileName, bytes: upload.parts[0] ?? new Uint8Array() };
  }
}

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

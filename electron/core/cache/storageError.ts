import { AppError } from '../../shared/errors';

/**
 * SQLite failures that come from the disk rather than from Formdesk (a full disk, a read-only or
 * failing drive, a damaged file) as DB errors with a sentence saying what to do; null for any
 * other error. Without this they would surface as "something went wrong".
 */
export function storageError(error: unknown): AppError | null {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = storageMessage(code);
  return message ? new AppError('DB', message, { cause: error }) : null;
}

function storageMessage(code: string): string | null {
  if (code === 'SQLITE_FULL') {
    return 'The disk is full, so the workspace cache could not be saved. Free some space and try again; what was saved before is kept.';
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return 'The workspace cache cannot be written: its folder or file is read-only. Check the permissions of the data folder and try again.';
  }
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) {
    return 'The disk could not read or write the workspace cache. Check the drive and try again.';
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return 'The workspace cache is damaged. Restart Formdesk: it rebuilds the cache from the server.';
  }
  return null;
}

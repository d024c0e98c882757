import { type Dialog } from 'electron';
import { DataDirInUse, lockDataDir } from '../core/files/dataDirLock';

/**
 * The desktop app's share of "one owner per data dir". Electron's single-instance lock covers a
 * second window of the app; this also covers browser mode (or another build) on the same dir.
 * False, after telling the person who holds it, when the app must quit.
 */
export function claimDataDir(dataDir: string, dialog: Pick<Dialog, 'showErrorBox'>): boolean {
  try {
    lockDataDir(dataDir);
    return true;
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    // Safe before the app is ready.
    dialog.showErrorBox('Formdesk is already running', error.message);
    return false;
  }
}

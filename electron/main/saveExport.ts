import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { type App, type BrowserWindow, type Dialog } from 'electron';
import { type ExportDelivery } from '../shared/contract/files';
import { AppError } from '../shared/errors';
import { type ExportFile } from '../core/exports/exportDelivery';
import { freeName } from '../core/submissions/exportFile';

const FILTERS: Record<string, Electron.FileFilter> = {
  '.csv': { name: 'CSV', extensions: ['csv'] },
  '.json': { name: 'JSON', extensions: ['json'] },
  '.xlsx': { name: 'Excel workbook', extensions: ['xlsx'] },
};

/** The desktop's export delivery: a save dialog over the app's window, then a copy of the file there. */
export function saveExportWithDialog(
  dialog: Dialog,
  app: App,
  parent: () => BrowserWindow | undefined,
) {
  return async (file: ExportFile): Promise<ExportDelivery> => {
    const filter = FILTERS[extname(file.fileName).toLowerCase()];
    const downloads = app.getPath('downloads');
    // A name already in the folder gets a number, as a browser's download would.
    const suggested = freeName(file.fileName, (name) => existsSync(join(downloads, name)));
    const options: Electron.SaveDialogOptions = {
      title: 'Save export',
      defaultPath: join(downloads, suggested),
      filters: filter ? [filter] : [],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    };
    const window = parent();
    const choice = window
      ? await dialog.showSaveDialog(window, options)
      : await dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return { delivery: 'cancelled' };
    try {
      await copyFile(file.filePath, choice.filePath);
    } catch (error) {
      throw new AppError(
        'INTERNAL',
        `The export could not be saved there (${(error as NodeJS.ErrnoException).code ?? 'error'}). Choose another folder.`,
        {
          cause: error,
        },
      );
    }
    return { delivery: 'saved', fileName: file.fileName, savedTo: choice.filePath };
  };
}

import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Handlers } from '../../shared/contract';
import { type ExportDelivery } from '../../shared/contract/files';
import { AppError } from '../../shared/errors';

/** A finished export file under `<dataDir>/exports/`. */
export interface ExportFile {
  exportId: string;
  fileName: string;
  filePath: string;
}

/** What the running shell does with an export: main shows a save dialog, the host offers a download. */
export type DeliverExport = (file: ExportFile) => Promise<ExportDelivery>;

/**
 * The export an id names: the one file in `<dataDir>/exports/<exportId>/` (see
 * `submissions/exportFile.ts`); an id that is not a UUID names nothing.
 */
export async function findExport(dataDir: string, exportId: string): Promise<ExportFile> {
  const gone = new AppError('NOT_FOUND', 'That export file is no longer there. Export again.');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(exportId)) throw gone;
  const directory = join(dataDir, 'exports', exportId);
  const names = await readdir(directory).catch(() => [] as string[]);
  if (names.length !== 1) throw gone;
  const fileName = names[0]!;
  return { exportId, fileName, filePath: join(directory, fileName) };
}

/**
 * Removes an export once the person has it: the file holds respondents' answers, and a copy kept
 * in the data folder is one more place for them to leak from.
 */
export async function removeDelivered(file: ExportFile): Promise<void> {
  await rm(dirname(file.filePath), { recursive: true, force: true });
}

/** Removes every export file, at quit: no page is left to ask for one not yet delivered. */
export async function removeExports(dataDir: string): Promise<void> {
  const directory = join(dataDir, 'exports');
  const names = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(
    names.map((name) => rm(join(directory, name), { recursive: true, force: true })),
  );
}

/** A saved export is removed; a cancelled one stays, for the person to save after all. */
export function fileHandlers(
  dataDir: string,
  deliver: DeliverExport,
): Pick<Handlers, 'files.saveExport'> {
  return {
    'files.saveExport': async ({ exportId }) => {
      const file = await findExport(dataDir, exportId);
      const delivery = await deliver(file);
      if (delivery.delivery === 'saved') await removeDelivered(file);
      return delivery;
    },
  };
}

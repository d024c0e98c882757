import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, type Dialog } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeExport } from '../core/submissions/exportFile';
import { saveExportWithDialog } from './saveExport';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'formdesk-save-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('saving an export', () => {
  it('suggests the readable name in Downloads, with a number when it is taken', async () => {
    const downloads = join(root, 'Downloads');
    const dataDir = join(root, 'data');
    const written = await writeExport(dataDir, 'Orders', 'xlsx', ['PK'], { day: '2026-11-28' });
    mkdirSync(downloads);
    writeFileSync(join(downloads, 'Orders - 2026-11-28.xlsx'), 'an earlier one');
    const asked: Electron.SaveDialogOptions[] = [];
    const dialog = {
      showSaveDialog: async (options: Electron.SaveDialogOptions) => {
        asked.push(options);
        return { canceled: false, filePath: options.defaultPath };
      },
    } as unknown as Dialog;
    const app = { getPath: () => downloads } as unknown as App;
    const save = saveExportWithDialog(dialog, app, () => undefined);
    const delivery = await save({ ...written });
    const suggested = join(downloads, 'Orders - 2026-11-28 (2).xlsx');
    expect(asked[0]).toMatchObject({
      defaultPath: suggested,
      filters: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
    });
    expect(delivery).toEqual({ delivery: 'saved', fileName: written.fileName, savedTo: suggested });
    expect(readFileSync(suggested, 'utf8')).toBe('PK');
    expect(readFileSync(join(downloads, 'Orders - 2026-11-28.xlsx'), 'utf8')).toBe(
      'an earlier one',
    );
  });
});

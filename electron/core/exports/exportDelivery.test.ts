import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findExport, fileHandlers, removeExports } from './exportDelivery';
import { writeExport } from '../submissions/exportFile';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'formdesk-exports-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('export delivery', () => {
  it('finds the file an export wrote, by its id', async () => {
    const first = await writeExport(dataDir, 'Customer feedback', 'csv', ['a,b\n', '1,2\n']);
    const second = await writeExport(dataDir, 'Customer feedback', 'json', ['[]']);
    expect(await findExport(dataDir, first.exportId)).toEqual({
      exportId: first.exportId,
      fileName: first.fileName,
      filePath: first.filePath,
    });
    expect((await findExport(dataDir, second.exportId)).fileName).toBe(second.fileName);
  });

  it('says an unknown or deleted export is gone', async () => {
    await expect(findExport(dataDir, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
    const written = await writeExport(dataDir, 'x', 'csv', ['a\n']);
    rmSync(written.filePath);
    await expect(findExport(dataDir, written.exportId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('hands the found file to the shell and returns its answer', async () => {
    const written = await writeExport(dataDir, 'Orders', 'csv', ['a\n']);
    const handed: string[] = [];
    const handlers = fileHandlers(dataDir, async (file) => {
      handed.push(file.filePath);
      return { delivery: 'cancelled' };
    });
    expect(await handlers['files.saveExport']({ exportId: written.exportId })).toEqual({
      delivery: 'cancelled',
    });
    expect(handed).toEqual([written.filePath]);
  });

  it('removes an export once saved, and keeps one whose saving was cancelled', async () => {
    const saved = await writeExport(dataDir, 'Orders', 'csv', ['a\n']);
    const cancelled = await writeExport(dataDir, 'Orders', 'json', ['[]']);
    const handlers = fileHandlers(dataDir, async (file) =>
      file.exportId === saved.exportId
        ? { delivery: 'saved', fileName: file.fileName, savedTo: '/elsewhere/orders.csv' }
        : { delivery: 'cancelled' },
    );
    await handlers['files.saveExport']({ exportId: saved.exportId });
    await handlers['files.saveExport']({ exportId: cancelled.exportId });
    expect(existsSync(saved.filePath)).toBe(false);
    expect(existsSync(cancelled.filePath)).toBe(true);
    await expect(handlers['files.saveExport']({ exportId: saved.exportId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('removes every export at quit, and nothing else of the data folder', async () => {
    const first = await writeExport(dataDir, 'Orders', 'csv', ['a\n']);
    const second = await writeExport(dataDir, 'Feedback', 'json', ['[]']);
    writeFileSync(join(dataDir, 'settings.json'), '{}');
    await removeExports(dataDir);
    expect(existsSync(first.filePath)).toBe(false);
    expect(existsSync(second.filePath)).toBe(false);
    expect(existsSync(join(dataDir, 'settings.json'))).toBe(true);
    await removeExports(join(dataDir, 'missing'));
  });
});

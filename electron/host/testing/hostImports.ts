import { expect, vi } from 'vitest';
import { DEMO_FORM, PEOPLE_MAPPINGS, peopleCsv } from '../../core/operations/testing/importTestbed';
import { type Host } from '../startHost';
import { okHost } from './callHost';

type Reached = Pick<Host, 'origin' | 'token'>;

/** A validated draft of `rows` people named `Person <tag>-…` for the demo form: its job id. */
export async function draftPeopleImport(host: Reached, rows: number, tag: string): Promise<string> {
  const file = await okHost<{ fileId: string }>(host, 'imports.parse', {
    fileName: `${tag}.csv`,
    contentBase64: Buffer.from(peopleCsv(rows, tag)).toString('base64'),
  });
  const draft = await okHost<{ jobId: string }>(host, 'imports.validate', {
    fileId: file.fileId,
    formId: DEMO_FORM,
    mappings: PEOPLE_MAPPINGS,
  });
  return draft.jobId;
}

/** Waits until the import has finished; the whole summary goes with a failure. */
export async function importDone(host: Reached, jobId: string, timeoutMs = 60_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const { imports } = await okHost<{ imports: { jobId: string; state: string }[] }>(
        host,
        'imports.list',
      );
      expect(imports.find((i) => i.jobId === jobId)).toMatchObject({ state: 'done' });
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

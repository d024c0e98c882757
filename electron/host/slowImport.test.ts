import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_FORM, PEOPLE_MAPPINGS, peopleCsv } from '../core/operations/testing/importTestbed';
import { createLogger } from '../core/logging/log';
import { startLocalApi, type LocalApi } from '../local-api';
import { type Result } from '../shared/errors';
import { startHost, type Host } from './startHost';
import { callHost } from './testing/callHost';

// Browser mode's real host and threads, importing while a gateway in front of the service answers
// 504 and the service commits the same request later: every row ends on the service once.

let dir: string;
let service: LocalApi;
let host: Host;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'formdesk-slow-import-'));
  service = await startLocalApi({ rateLimit: 0, seed: 7, submissionsPerForm: 5 });
  host = await startHost({
    dataDir: dir,
    rendererDir: join(dir, 'no-renderer'),
    remote: { baseUrl: service.baseUrl, apiKey: service.apiKey, name: 'Slow service' },
    log: createLogger({ write: () => {} }),
    rateLimit: { limit: 200, windowMs: 1000, marginMs: 0 },
    demo: null,
  });
});
afterEach(async () => {
  await host?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ok<T = Record<string, unknown>>(op: string, input: unknown = {}): Promise<T> {
  const result: Result<T> = await callHost<T>(host, op, input);
  if (!result.ok) throw new Error(`${op}: ${result.error.code} ${result.error.message}`);
  return result.data;
}

describe('an import through browser mode against a service that fails slowly', () => {
  it('creates each row once when a gateway answers 504 while the service commits later', async () => {
    const rows = 25;
    const file = await ok<{ fileId: string }>('imports.parse', {
      fileName: 'people.csv',
      contentBase64: Buffer.from(peopleCsv(rows, 'late')).toString('base64'),
    });
    const draft = await ok<{ jobId: string }>('imports.validate', {
      fileId: file.fileId,
      formId: DEMO_FORM,
      mappings: PEOPLE_MAPPINGS,
    });
    service.admin.setFaults([
      { kind: 'lateCommit', method: 'POST', status: 504, commitAfterMs: 500, times: 1 },
    ]);
    await ok('imports.start', { jobId: draft.jobId });
    await vi.waitFor(
      async () => {
        const { imports } = await ok<{ imports: { jobId: string; state: string }[] }>(
          'imports.list',
        );
        expect(imports.find((i) => i.jobId === draft.jobId)).toMatchObject({ state: 'done' });
      },
      { timeout: 60_000, interval: 100 },
    );
    const names = service.admin
      .submissionsOf(DEMO_FORM)
      .map((s) => String(s.questions.find((q) => q.id === 'nm01')?.value))
      .filter((name) => name.startsWith('Person late-'));
    expect(names).toHaveLength(rows);
    expect(new Set(names).size).toBe(rows);
    const report = await ok<{ summary: { created: number; unconfirmed: number } }>(
      'imports.report',
      { jobId: draft.jobId },
    );
    expect(report.summary).toMatchObject({ created: rows, unconfirmed: 0 });
  });
});

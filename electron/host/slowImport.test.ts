import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FORM } from '../core/operations/testing/importTestbed';
import { createLogger } from '../core/logging/log';
import { startLocalApi, type LocalApi } from '../local-api';
import { startHost, type Host } from './startHost';
import { okHost } from './testing/callHost';
import { draftPeopleImport, importDone } from './testing/hostImports';

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

describe('an import through browser mode against a service that fails slowly', () => {
  it('creates each row once when a gateway answers 504 while the service commits later', async () => {
    const rows = 25;
    const jobId = await draftPeopleImport(host, rows, 'late');
    service.admin.setFaults([
      { kind: 'lateCommit', method: 'POST', status: 504, commitAfterMs: 500, times: 1 },
    ]);
    await okHost(host, 'imports.start', { jobId });
    await importDone(host, jobId);
    const names = service.admin
      .submissionsOf(DEMO_FORM)
      .map((s) => String(s.questions.find((q) => q.id === 'nm01')?.value))
      .filter((name) => name.startsWith('Person late-'));
    expect(names).toHaveLength(rows);
    expect(new Set(names).size).toBe(rows);
    const report = await okHost<{ summary: { created: number; unconfirmed: number } }>(
      host,
      'imports.report',
      { jobId },
    );
    expect(report.summary).toMatchObject({ created: rows, unconfirmed: 0 });
  });
});

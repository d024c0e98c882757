import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { type FaultRule } from '../../shared/api/localApi';
import { startLocalApi, type LocalApi } from '../../local-api';
import { createApiClient } from '../api/client';
import { RateScheduler } from '../api/rateScheduler';
import {
  DEMO_FORM,
  PEOPLE_MAPPINGS,
  openTestbed,
  peopleCsv,
  type Testbed,
} from '../operations/testing/importTestbed';
import { createLogger } from '../logging/log';
import { ImportRunner } from './runImport';
import { RunnerLease } from './runnerLease';
import { type Submission } from '../../shared/api/submission';

let api: LocalApi;
let bed: Testbed;

beforeAll(async () => {
  api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 5 });
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.admin.clearFaults();
  api.admin.clearRequests();
  bed = openTestbed({ baseUrl: api.baseUrl, apiKey: api.apiKey, rate: 50 });
});
afterEach(() => {
  bed.close();
});

/** Every server submission whose name carries the tag, counted by name. */
function onServer(tag: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of api.admin.submissionsOf(DEMO_FORM)) {
    const name = s.questions.find((q) => q.id === 'nm01')?.value;
    if (typeof name === 'string' && name.startsWith(`Person ${tag}-`))
      counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

function createdByRequests(): number {
  return api.admin
    .requests()
    .filter((r) => r.method === 'POST')
    .reduce((sum, r) => sum + (r.created ?? 0), 0);
}

function expectExactlyOnce(tag: string, rows: number) {
  const counts = onServer(tag);
  expect(counts.size).toBe(rows);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect(createdByRequests()).toBe(rows);
  const summary = bed.journal.summary(tag)!;
  expect(summary).toMatchObject({
    state: 'done',
    created: rows,
    failed: 0,
    unknown: 0,
    pending: 0,
  });
  // Each source row is linked to the submission the server holds for it.
  const byName = new Map(
    api.admin
      .submissionsOf(DEMO_FORM)
      .map((s) => [s.questions.find((q) => q.id === 'nm01')?.value, s.submissionId]),
  );
  for (const row of bed.journal.reportRows(tag))
    expect(row.submissionId).toBe(byName.get(row.cells[0]));
}

async function importWith(tag: string, rows: number, faults: FaultRule[]) {
  bed.prepare(tag, peopleCsv(rows, tag));
  api.admin.setFaults(faults);
  expect(await bed.runner.run(tag)).toBe('done');
  api.admin.clearFaults();
}

describe('import run', () => {
  it('creates every row once, in batches of at most ten, and stores them in the cache', async () => {
    await importWith('plain', 25, []);
    expectExactlyOnce('plain', 25);
    const creates = api.admin.requests().filter((r) => r.method === 'POST');
    expect(creates.map((r) => r.created)).toEqual([10, 10, 5]);
    const cached = bed.db
      .prepare(
        `SELECT submission_json(raw) FROM submissions WHERE form_id = ? AND status = 'finished'`,
      )
      .pluck()
      .all(DEMO_FORM) as string[];
    expect(
      cached.filter((raw) =>
        String(
          (JSON.parse(raw) as Submission).questions.find((q) => q.id === 'nm01')?.value,
        ).startsWith('Person plain-'),
      ),
    ).toHaveLength(25);
  });

  it('rides out a 429 storm with no duplicate and no lost row', async () => {
    await importWith('storm', 30, [{ kind: 'tooManyRequests', method: 'POST', times: 5 }]);
    expectExactlyOnce('storm', 30);
  });

  it('verifies batches answered with 5xx before sending them again', async () => {
    await importWith('fivexx', 30, [
      { kind: 'serverError', status: 503, method: 'POST', times: 3 },
    ]);
    expectExactlyOnce('fivexx', 30);
  });

  it('finds batches the server committed before dropping the connection, and never resends them', async () => {
    await importWith('reset', 40, [{ kind: 'commitThenReset', method: 'POST', times: 3 }]);
    expectExactlyOnce('reset', 40);
    expect(bed.journal.summary('reset')!.notice).toMatch(
      /all its rows are on the service, so nothing of it is sent again/,
    );
  });

  it('survives every kind of fault at once', async () => {
    await importWith('mixed', 60, [
      { kind: 'commitThenReset', method: 'POST', rate: 0.3, times: 4 },
      { kind: 'reset', method: 'POST', rate: 0.3, times: 3 },
      { kind: 'serverError', rate: 0.2, times: 4 },
      { kind: 'tooManyRequests', rate: 0.3, times: 6 },
    ]);
    expectExactlyOnce('mixed', 60);
  });

  it('skips, on a second run of the same file, every row the first run created', async () => {
    await importWith('again', 12, []);
    bed.prepare('again-2', peopleCsv(12, 'again'));
    expect(await bed.runner.run('again-2')).toBe('done');
    expect(bed.journal.summary('again-2')).toMatchObject({ created: 0, skipped: 12 });
    expect(onServer('again').size).toBe(12);
    expect(createdByRequests()).toBe(12);
  });

  it('pauses between batches and resumes where it stopped', async () => {
    bed.prepare('pause', peopleCsv(40, 'pause'));
    const running = bed.runner.run('pause');
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (bed.journal.summary('pause')!.created >= 10) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    expect(await bed.runner.stop('pause', 'pause')).toBe('paused');
    await running;
    expect(bed.journal.summary('pause')!.created).toBeLessThan(40);
    expect(await bed.runner.run('pause')).toBe('done');
    expectExactlyOnce('pause', 40);
  });

  it('fails only the rows the server refuses, with its message', async () => {
    const bytes = new TextEncoder().encode(
      'Full name,Email,Other\r\nPerson refuse-0,a@x.io,1\r\nPerson refuse-1,b@x.io,2\r\nPerson refuse-2,c@x.io,3\r\n',
    );
    const table = bed.prepare.bind(bed);
    table('refuse', bytes, [
      { column: 0, target: { kind: 'question', id: 'nm01', type: 'ShortAnswer' } },
      { column: 1, target: { kind: 'question', id: 'em02', type: 'EmailInput' } },
    ]);
    // Row 1 names a question the form does not have: the service refuses the whole batch.
    const row = bed.db
      .prepare(`SELECT payload_json FROM import_rows WHERE job_id = 'refuse' AND row_index = 1`)
      .get() as { payload_json: string };
    const payload = JSON.parse(row.payload_json) as { questions: { id: string; value: unknown }[] };
    payload.questions.push({ id: 'no-such-question', value: 'x' });
    bed.db
      .prepare(`UPDATE import_rows SET payload_json = ? WHERE job_id = 'refuse' AND row_index = 1`)
      .run(JSON.stringify(payload));

    expect(await bed.runner.run('refuse')).toBe('done');
    expect(bed.journal.summary('refuse')).toMatchObject({ created: 2, failed: 1 });
    const failed = bed.journal.reportRows('refuse').find((r) => r.status === 'failed')!;
    expect(failed.line).toBe(3);
    expect(failed.message).toMatch(/no-such-question/);
    expect(onServer('refuse').size).toBe(2);
  });

  it('tells identical rows apart by count when their batch is verified, creating each exactly once', async () => {
    const rows = ['Full name,Email,Rating,When'];
    for (let i = 0; i < 4; i++)
      rows.push('Person twins-0,twin@example.com,5,2024-05-01T10:00:00.000Z');
    for (let i = 1; i < 8; i++)
      rows.push(`Person twins-${i},t${i}@example.com,4,2024-05-01T10:00:00.000Z`);
    bed.prepare('twins', new TextEncoder().encode(`${rows.join('\n')}\n`), [
      ...PEOPLE_MAPPINGS,
      { column: 3, target: { kind: 'submissionTime' } },
    ]);
    api.admin.setFaults([{ kind: 'commitThenReset', method: 'POST', times: 2 }]);
    expect(await bed.runner.run('twins')).toBe('done');
    const counts = onServer('twins');
    expect(counts.get('Person twins-0')).toBe(4);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(11);
    expect(createdByRequests()).toBe(11);
    const ids = bed.journal.reportRows('twins').map((r) => r.submissionId);
    expect(new Set(ids).size).toBe(11);
  });

  it('pauses when the cache cannot take a batch, and on resume finds that batch on the server instead of resending it', async () => {
    bed.prepare('diskfull', peopleCsv(25, 'diskfull'));
    let failures = 1;
    const logged: string[] = [];
    const runner = new ImportRunner({
      api: createApiClient({
        baseUrl: api.baseUrl,
        apiKey: api.apiKey,
        scheduler: new RateScheduler({ limit: 50 }),
      }),
      journal: bed.journal,
      lease: new RunnerLease(bed.db),
      log: createLogger({ write: (line) => logged.push(line) }),
      storeCreated: (formId, submissions) => {
        if (failures-- > 0) throw new Error('SQLITE_FULL: database or disk is full');
        bed.cache.storeCreated(formId, submissions);
      },
      cacheChanged: () => {},
      emit: () => {},
      settleMs: 10,
    });
    expect(await runner.run('diskfull')).toBe('paused');
    expect(bed.journal.summary('diskfull')).toMatchObject({
      state: 'paused',
      created: 0,
      unknown: 10,
    });
    expect(bed.journal.summary('diskfull')!.notice).toMatch(/^Paused: /);
    // The person reads "Paused"; the log keeps why.
    expect(logged.join('\n')).toMatch(
      /import diskfull stopped.*SQLITE_FULL: database or disk is full/,
    );
    expect(await runner.run('diskfull')).toBe('done');
    expectExactlyOnce('diskfull', 25);
  });
});

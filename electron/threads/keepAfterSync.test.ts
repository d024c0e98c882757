import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalApi, type LocalApi } from '../local-api';
import { addCacheFunctions } from '../core/cache/cacheFunctions';
import { cacheStores } from '../core/cache/cacheStores';
import { KEPT_COLUMNS } from '../core/cache/keptColumns';
import { SubmissionSummaries } from '../core/cache/submissionSummary';
import { createTestContext, type TestContext } from '../core/operations/testing/testContext';
import { type WorkspaceSession } from '../core/session/context';
import { ConnectionMonitor } from '../core/sync/connection';
import { SyncEngine } from '../core/sync/syncEngine';
import { SubmissionFilter } from '../shared/contract/submissions';
import { type AppEvent } from '../shared/contract/events';
import { rowsStoredOf, syncedOf } from './eventNotices';
import { keepAfterSync, type KeepAfterSync } from './keepAfterSync';

// A real first sync into a real cache file, its rows-stored and sync-ended events relayed as the
// shell relays them.

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let session: WorkspaceSession;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-keepAfterSync-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 90, seed: 31 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  session = testbed.open();
});

afterAll(async () => {
  testbed.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Keeping by `summaries`, each read ahead run whole at once, counted. */
function keeper(summaries: SubmissionSummaries) {
  let readAheads = 0;
  const keep = keepAfterSync(
    () => summaries,
    () => {
      readAheads++;
      while (summaries.readAhead());
    },
    { error: (text) => expect.unreachable(text) },
  );
  return { keep, readAheads: () => readAheads };
}

/** What the shell does with a sync's events: each told to `keep`, after `told`. */
function relayed(keep: KeepAfterSync, told: (event: AppEvent) => void = () => {}) {
  return (event: AppEvent) => {
    told(event);
    const stored = rowsStoredOf(event);
    if (stored) keep.changed(stored);
    const synced = syncedOf(event);
    if (synced) keep.synced(synced);
  };
}

function syncEngine(on: WorkspaceSession, emit: (event: AppEvent) => void): SyncEngine {
  return new SyncEngine({
    workspaceId: 'w',
    api: on.api,
    stores: cacheStores(on.db),
    connection: new ConnectionMonitor(() => {}),
    emit,
  });
}

/** A first sync of every form, its events told to `keep` as the shell tells them. */
async function sync(
  keep: KeepAfterSync,
  told: (event: AppEvent) => void = () => {},
): Promise<void> {
  await syncEngine(session, relayed(keep, told)).run(
    { mode: 'full' },
    new AbortController().signal,
  );
}

/** Each form's rows as its kept copy holds them, and as the cache does. */
function rowsKeptAndStored(db: Database.Database) {
  const rowsKept = keptRows(db);
  const rows = db
    .prepare('SELECT form_id, count(*) AS count FROM submissions GROUP BY form_id ORDER BY form_id')
    .all();
  return { rowsKept, rows };
}

/** Each form's rows its kept copy holds, if it has one (none where there is no file yet). */
function keptRows(db: Database.Database): { form_id: string; count: number }[] {
  if (!fs.existsSync(db.name + KEPT_COLUMNS)) return [];
  const kept = new Database(db.name + KEPT_COLUMNS, { readonly: true });
  try {
    return kept
      .prepare<[], { form_id: string; count: number }>(
        'SELECT form_id, count FROM kept_rows ORDER BY form_id',
      )
      .all();
  } finally {
    kept.close();
  }
}

describe("a large form's columns kept as its pages are stored and once its sync ends", () => {
  it('keeps each form as its sync goes, then a reader just opened loads them as read', async () => {
    const appendFromRows = 20;
    const summaries = new SubmissionSummaries(session.db, { keepFromRows: 1, appendFromRows });
    const { keep } = keeper(summaries);
    const stored: string[] = [];
    const synced: string[] = [];
    await sync(keep, (event) => {
      if (event.type === 'cache.changed' && event.formId) stored.push(event.formId);
      if (event.type === 'sync.progress' && event.done) {
        synced.push(event.formId);
        // Before the end of its sync is told: the copy holds the rows of its pages stored but
        // the last fewer than are appended at once.
        const rows = session.db
          .prepare('SELECT count(*) FROM submissions WHERE form_id = ?')
          .pluck()
          .get(event.formId) as number;
        const kept = keptRows(session.db).find((copy) => copy.form_id === event.formId);
        expect(kept?.count, event.formId).toBeGreaterThan(rows - appendFromRows);
      }
    });
    const forms = [...new Set(stored)];
    expect(stored.length).toBeGreaterThan(forms.length);
    // Each copy holds every row of its form: the last of them were appended as its sync ended.
    const { rowsKept, rows } = rowsKeptAndStored(session.db);
    expect(rowsKept).toEqual(rows);
    expect(rows).toHaveLength(forms.length);

    // Kept, not held: a form nobody summarized holds no memory; its first summary loads the copy.
    const prepared = vi.spyOn(session.db, 'prepare');
    summaries.summary(SubmissionFilter.parse({ formId: synced.at(-1)!, search: 'the' }));
    // Loading checks the copy's last row against the cache's.
    const loads = prepared.mock.calls.filter(([sql]) => sql.startsWith('SELECT submission_time'));
    prepared.mockRestore();
    expect(loads).toHaveLength(1);

    // A reader just opened, as after a restart, loads each copy: its narrowed summaries are those
    // of the columns read from the cache's indexes.
    const reader = new Database(session.db.name, { readonly: true });
    addCacheFunctions(reader);
    try {
      for (const formId of forms) {
        const view = SubmissionFilter.parse({ formId, search: 'the', status: 'all' });
        const loaded = new SubmissionSummaries(reader, { keepFromRows: 1 }).summary(view);
        const read = new SubmissionSummaries(reader, {
          keepFromRows: Number.POSITIVE_INFINITY,
        }).summary(view);
        expect(loaded, formId).toEqual(read);
      }
    } finally {
      reader.close();
    }
  });

  it('keeps no form too small to be worth it, nor one kept since', () => {
    const small = keeper(new SubmissionSummaries(session.db));
    const keptSince = keeper(new SubmissionSummaries(session.db, { keepFromRows: 1 }));
    for (const { formId } of cacheStores(session.db).forms.list()) {
      small.keep.synced(formId);
      keptSince.keep.synced(formId);
    }
    expect(small.readAheads() + keptSince.readAheads()).toBe(0);
  });

  it("removes a form's copy at once when rows of it were deleted since, nothing else", () => {
    const { keep, readAheads } = keeper(new SubmissionSummaries(session.db, { keepFromRows: 1 }));
    const keptForms = () => {
      const kept = new Database(session.db.name + KEPT_COLUMNS, { readonly: true });
      try {
        return kept.prepare('SELECT form_id FROM kept_rows ORDER BY form_id').pluck().all();
      } finally {
        kept.close();
      }
    };
    const before = keptForms() as string[];
    const [deleted, other] = before;
    // As a sync stores a deletion made elsewhere.
    session.db
      .prepare(
        'DELETE FROM submissions WHERE id = (SELECT min(id) FROM submissions WHERE form_id = ?)',
      )
      .run(deleted!);
    keep.changed(deleted!);
    keep.changed(other!);
    expect(keptForms()).toEqual(before.filter((formId) => formId !== deleted));
    expect(readAheads()).toBe(0);
    // Kept again once its sync ends, not as its next pages are stored.
    keep.changed(deleted!);
    expect(readAheads()).toBe(0);
    keep.synced(deleted!);
    expect(readAheads()).toBe(1);
    expect(keptForms()).toEqual(before);
  });
});

describe('a sync cut off by an error', () => {
  it('keeps the rows it stored before the error, as a sync done would', async () => {
    const cutDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-keepAfterSync-cut-'));
    const service = await startLocalApi({ rateLimit: 0, submissionsPerForm: 1_200, seed: 5 });
    const bed = createTestContext({
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
      dataDir: cutDir,
    });
    try {
      const cut = bed.open();
      const stores = cacheStores(cut.db);
      stores.forms.replaceListed(await cut.api.listForms(), new Date().toISOString());
      const formId = stores.forms.list()[0]!.formId;
      const { keep, readAheads } = keeper(new SubmissionSummaries(cut.db, { keepFromRows: 1 }));
      // The first store gets through, then every list request is cut, as when the network goes.
      const emit = relayed(keep, (event) => {
        if (event.type === 'sync.progress' && !event.done)
          service.admin.setFaults([{ kind: 'reset', path: '/forms/*/submissions' }]);
      });
      const [result] = await syncEngine(cut, emit).run(
        { formId, mode: 'incremental' },
        new AbortController().signal,
      );
      expect(result?.error?.code).toBe('NETWORK');
      expect(readAheads()).toBe(1);
      const { rowsKept, rows } = rowsKeptAndStored(cut.db);
      expect(rowsKept).toEqual(rows);
      expect(rows).toEqual([{ form_id: formId, count: expect.any(Number) }]);
      expect((rows[0] as { count: number }).count).toBeLessThan(1_200);
    } finally {
      bed.close();
      await service.close();
      fs.rmSync(cutDir, { recursive: true, force: true });
    }
  });
});

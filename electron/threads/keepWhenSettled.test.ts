import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { keepWhenSettled } from './keepWhenSettled';

// A real first sync into a real cache file, its rows-stored events relayed as the shell relays
// them; the quiet spell's timers are run by hand, so nothing waits on the clock.

const QUIET_MS = 5_000;

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let session: WorkspaceSession;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-keepWhenSettled-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 90, seed: 31 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  session = testbed.open();
});

afterAll(async () => {
  testbed.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Timers run when the test says: each pending one with the time it is due at. */
function handTimers() {
  let now = 0;
  let next = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  return {
    pending,
    timers: {
      setTimeout: ((run: () => void, ms: number) => {
        pending.set(++next, { at: now + ms, run });
        return next;
      }) as unknown as typeof setTimeout,
      clearTimeout: ((id: number) => void pending.delete(id)) as unknown as typeof clearTimeout,
    },
    /** Moves the clock on by `ms`, running the timers due by then. */
    pass(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        pending.delete(id);
        timer.run();
      }
    },
  };
}

/** Keeping by `summaries` on `clock`, each read ahead run whole at once, counted. */
function keeper(summaries: SubmissionSummaries, clock: ReturnType<typeof handTimers>) {
  let readAheads = 0;
  const keep = keepWhenSettled(
    () => summaries,
    () => {
      readAheads++;
      while (summaries.readAhead());
    },
    { error: (text) => expect.unreachable(text) },
    { quietMs: QUIET_MS, timers: clock.timers },
  );
  return { keep, readAheads: () => readAheads };
}

/** A first sync of every form, each rows-stored event told to `changed` as it comes. */
async function sync(changed: (formId: string) => void): Promise<void> {
  const emit = (event: AppEvent) => {
    if (event.type === 'cache.changed' && event.tables.includes('submissions') && event.formId)
      changed(event.formId);
  };
  const engine = new SyncEngine({
    workspaceId: 'w',
    api: session.api,
    stores: cacheStores(session.db),
    connection: new ConnectionMonitor(() => {}),
    emit,
  });
  await engine.run({ mode: 'full' }, new AbortController().signal);
}

describe("a large form's columns kept once a sync's rows settle", () => {
  it('waits out the sync, then keeps each form a reader just opened loads as read', async () => {
    const clock = handTimers();
    const { keep, readAheads } = keeper(
      new SubmissionSummaries(session.db, { keepFromRows: 1 }),
      clock,
    );
    const changes: string[] = [];
    await sync((formId) => {
      changes.push(formId);
      keep.changed(formId);
      // Pages come sooner than the quiet spell: nothing is read during the sync.
      clock.pass(QUIET_MS / 10);
    });
    const forms = [...new Set(changes)];
    expect(changes.length).toBeGreaterThan(forms.length);
    expect(readAheads()).toBe(0);
    expect(clock.pending.size).toBe(forms.length);

    clock.pass(QUIET_MS);
    expect(readAheads()).toBe(forms.length);
    const kept = new Database(session.db.name + KEPT_COLUMNS, { readonly: true });
    const keptForms = kept.prepare('SELECT form_id FROM kept_rows').pluck().all() as string[];
    kept.close();
    expect(keptForms.sort()).toEqual(forms.sort());

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

  it('keeps no form too small to be worth it, nor one kept since', async () => {
    const clock = handTimers();
    const small = keeper(new SubmissionSummaries(session.db), clock);
    const keptSince = keeper(new SubmissionSummaries(session.db, { keepFromRows: 1 }), clock);
    const [formId] = cacheStores(session.db)
      .forms.list()
      .map((form) => form.formId);
    small.keep.changed(formId!);
    keptSince.keep.changed(formId!);
    clock.pass(QUIET_MS);
    expect(small.readAheads() + keptSince.readAheads()).toBe(0);
  });

  it("removes a form's copy at once when rows of it were deleted since, nothing else", async () => {
    const clock = handTimers();
    const summaries = new SubmissionSummaries(session.db, { keepFromRows: 1 });
    const keep = keepWhenSettled(
      () => summaries,
      () => expect.unreachable('nothing is read ahead before a quiet spell'),
      { error: (text) => expect.unreachable(text) },
      { quietMs: QUIET_MS, timers: clock.timers },
    );
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
  });
});

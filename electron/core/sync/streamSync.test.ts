import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../session/context';
import { type PageWriter } from '../session/pageWriter';
import { pageWriterOn } from './pageStore';
import { incrementalPass, reconcilePass, type StreamOptions } from './streamSync';
import { createTestContext, type TestContext } from '../operations/testing/testContext';

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let session: WorkspaceSession;
let formId: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-stream-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 1_200, seed: 11 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  session = testbed.open();
  const { forms } = cacheStores(session.db);
  forms.replaceListed(await session.api.listForms(), new Date().toISOString());
  formId = forms.list()[0]?.formId ?? '';
  await incrementalPass(formId, 'finished', options(pageWriterOn(cacheStores(session.db))));
});
afterEach(async () => {
  testbed.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(writer: PageWriter): StreamOptions {
  return {
    api: session.api,
    stores: cacheStores(session.db),
    signal: new AbortController().signal,
    now: () => new Date(),
    writer,
    overlapMs: 0,
    onPage: () => {},
  };
}

/**
 * A writer whose first store waits until the three pages requested ahead of it have arrived, so
 * they come to it together; `totalOf` gives the listing's total each page says.
 */
function batchingWalk(totalOf: (offset: number, total: number) => number): StreamOptions {
  let arrived = 0;
  let allAhead = () => {};
  const threeAhead = new Promise<void>((resolve) => (allAhead = resolve));
  const list = session.api.listSubmissionsJson.bind(session.api);
  session.api.listSubmissionsJson = async (id, params, requestOptions) => {
    const json = await list(id, params, requestOptions);
    const page = JSON.parse(new TextDecoder().decode(json)) as { totalResponses: number };
    if (++arrived === 4) allAhead();
    const changed = { ...page, totalResponses: totalOf(params.offset ?? 0, page.totalResponses) };
    return new TextEncoder().encode(JSON.stringify(changed));
  };
  const stored = pageWriterOn(cacheStores(session.db));
  let first = true;
  return options({
    ...stored,
    reconcile: async (page) => {
      if (first) await threeAhead;
      first = false;
      return stored.reconcile(page);
    },
  });
}

const cached = (submissionId: string) =>
  cacheStores(session.db).submissions.get(formId, submissionId);

describe('a walk whose pages are stored together', () => {
  it('sweeps a row deleted elsewhere when the listing held still', async () => {
    const gone = server.admin.submissionsOf(formId, { includePreview: false })[200]!.submissionId;
    server.admin.remove(formId, gone);
    const walk = await reconcilePass(
      formId,
      'finished',
      batchingWalk((_offset, total) => total),
    );
    expect(walk.vanished.map((row) => row.submissionId)).toContain(gone);
    expect(cached(gone)).toBeNull();
  });

  it('sweeps nothing when the listing shrank between two pages stored in one transaction', async () => {
    const gone = server.admin.submissionsOf(formId, { includePreview: false })[200]!.submissionId;
    server.admin.remove(formId, gone);
    // The second page was listed before the delete, the third and fourth after it: the offsets
    // moved under the walk, so a row may have been skipped and a sweep could remove a live one.
    const walk = await reconcilePass(
      formId,
      'finished',
      batchingWalk((offset, total) => (offset === 150 ? total + 1 : total)),
    );
    expect(walk.vanished).toEqual([]);
    expect(cached(gone)).not.toBeNull();
  });
});

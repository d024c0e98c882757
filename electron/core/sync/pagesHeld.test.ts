import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { createApiClient } from '../api';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../session/context';
import { type PageWriter } from '../session/pageWriter';
import { createTestContext, type TestContext } from '../operations/testing/testContext';
import { pageWriterOn } from './pageStore';
import { listingPages, pagesHeld } from './streamSync';

/** Deep enough into a listing that its stores hold more pages than at its start. */
const DEEP = 200_000;

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let session: WorkspaceSession;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-held-'));
  // Generated rows are made as they are listed: a deep offset costs no more than the first.
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 400_000, seed: 3 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  session = testbed.open();
});
afterEach(async () => {
  testbed.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The pages of a listing's second store from `start`, when the pages arrive faster than they are
 * stored: the store of its first rows is held until every page the listing would hold has arrived.
 */
async function secondStore(start: number): Promise<number> {
  const stores = cacheStores(session.db);
  const formId = (await session.api.listForms())[0]!.formId;
  const stored = pageWriterOn(stores);
  let reads = 0;
  let awaited = Number.POSITIVE_INFINITY;
  let allArrived = () => {};
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  const writer: PageWriter = {
    ...stored,
    read: async (json) => {
      const page = await stored.read(json);
      if (++reads >= awaited) allArrived();
      return page;
    },
  };
  const listing = listingPages(formId, { status: 'finished' }, start, {
    // The service's own rate limit would keep pages from piling up.
    api: createApiClient({
      baseUrl: server.baseUrl,
      apiKey: server.apiKey,
      rateLimit: { limit: 1_000_000 },
    }),
    stores,
    signal: new AbortController().signal,
    now: () => new Date(),
    writer,
    overlapMs: 0,
    onPage: () => {},
  });
  try {
    const first = await listing.next();
    if (first.done) throw new Error('the listing ended at its first store');
    awaited = first.value.pages.length + pagesHeld(first.value.offset);
    if (reads >= awaited) allArrived();
    await arrived;
    const second = await listing.next();
    if (second.done) throw new Error('the listing ended at its second store');
    return second.value.pages.length;
  } finally {
    await listing.return(undefined);
  }
}

describe('pages held for one store while they pile up', () => {
  it('grow with the rows the listing has stored, so a large form rewrites its indexes less often', async () => {
    expect(pagesHeld(DEEP)).toBeGreaterThan(pagesHeld(0));
    expect(await secondStore(0)).toBe(pagesHeld(0));
    expect(await secondStore(DEEP)).toBe(pagesHeld(DEEP));
    // Each page held waits on the writer's heap until stored: bounded, however deep the listing.
    expect(pagesHeld(100 * DEEP)).toBe(pagesHeld(1_000 * DEEP));
  });
});

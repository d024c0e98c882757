import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { DEMO_FORMS } from '../../local-api/demoForms';
import { createApiClient } from '../api';
import { cacheStores } from '../cache/cacheStores';
import { connectCache } from '../cache/openCache';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { type IncrementalPage, type ReadPage } from '../session/pageWriter';
import { pageWriterOn, PageShelf, type Turns } from './pageStore';

let server: LocalApi;
let cache: TempCache;

beforeEach(async () => {
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 2000, seed: 11 });
  cache = openTempCache('page-turns');
});
afterEach(async () => {
  cache.close();
  await server.close();
});

/** The first `count` pages of a form's finished listing, as the service sent them. */
async function firstPages(formId: string, count: number): Promise<Uint8Array[]> {
  const api = createApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.apiKey,
    rateLimit: { limit: 1_000 },
  });
  const pages: Uint8Array[] = [];
  for (let i = 0; i < count; i++)
    pages.push(
      await api.listSubmissionsJson(formId, {
        status: 'finished',
        sort: 'asc',
        limit: 150,
        offset: i * 150,
      }),
    );
  return pages;
}

/** A first pull's pages `read`, not its last, after which it stands at `offset`. */
function pulled(formId: string, read: readonly ReadPage[], offset: number): IncrementalPage {
  return {
    formId,
    status: 'finished',
    pages: read.map((page) => page.ref),
    syncedAt: new Date().toISOString(),
    passId: 1,
    afterDate: undefined,
    offset,
    done: false,
    totalResponses: read[0]!.totalResponses,
  };
}

describe('pages that piled up, stored while another writer asks for the lock', () => {
  it('commits the pages stored so far with their position, lets the writer in, then stores the rest', async () => {
    const formId = DEMO_FORMS[0]!.id;
    const stores = cacheStores(cache.db);
    stores.syncState.update(formId, 'finished', { phase: 'incremental', nextOffset: 0 });
    // The support desk, on a connection of its own, deletes a row the sync has just stored.
    const desk = cacheStores(connectCache(cache.file));
    const seenByDesk: { offset: number; rows: number; deleted: boolean }[] = [];
    let asks = 1;
    const turns: Turns = {
      asked: () => asks-- > 0,
      letIn: () => {
        const first = desk.db
          .prepare(`SELECT submission_id FROM submissions ORDER BY id LIMIT 1`)
          .pluck()
          .get() as string;
        desk.db.transaction(() => {
          seenByDesk.push({
            offset: desk.syncState.get(formId, 'finished').nextOffset,
            rows: desk.submissions.count(formId, 'finished'),
            deleted: desk.submissions.delete(formId, first) !== null,
          });
        })();
      },
    };
    const shelf = new PageShelf();
    const writer = pageWriterOn(stores, shelf, turns);
    const read = await Promise.all((await firstPages(formId, 12)).map((json) => writer.read(json)));
    const rows = read.reduce((n, page) => n + page.ids.length, 0);
    expect(rows).toBeGreaterThan(1650);

    const stored = await writer.incremental(pulled(formId, read, rows));

    // Let in after the first three pages, committed with the position they reached.
    expect(seenByDesk).toEqual([{ offset: 450, rows: 450, deleted: true }]);
    expect(stored.changed).toBe(rows);
    expect(stores.syncState.get(formId, 'finished').nextOffset).toBe(rows);
    expect(stores.submissions.count(formId, 'finished')).toBe(rows - 1);
    // Every stored row has its search text, those committed early included, and the deleted one none.
    const searchRows = cache.db.prepare(`SELECT count(*) FROM submission_search`).pluck().get();
    expect(searchRows).toBe(rows - 1);
    desk.db.close();
  });

  it('stores them in one transaction when nobody asks', async () => {
    const formId = DEMO_FORMS[0]!.id;
    const stores = cacheStores(cache.db);
    stores.syncState.update(formId, 'finished', { phase: 'incremental', nextOffset: 0 });
    let lookedIn = 0;
    const turns: Turns = {
      asked: () => false,
      letIn: () => lookedIn++,
    };
    const writer = pageWriterOn(stores, new PageShelf(), turns);
    const read = await Promise.all((await firstPages(formId, 7)).map((json) => writer.read(json)));
    const other = connectCache(cache.file);
    const versionSeen = () => other.pragma('data_version', { simple: true }) as number;
    const start = versionSeen();

    await writer.incremental(pulled(formId, read, 1050));

    expect(lookedIn).toBe(0);
    // `data_version` moves once per commit by another connection: one transaction for seven pages.
    expect(versionSeen() - start).toBe(1);
    expect(stores.submissions.count(formId, 'finished')).toBe(1050);
    other.close();
  });

  it('gives a store a page cache in step with its pages, and the connection its own back', async () => {
    const formId = DEMO_FORMS[0]!.id;
    const stores = cacheStores(cache.db);
    stores.syncState.update(formId, 'finished', { phase: 'incremental', nextOffset: 0 });
    const cacheSize = () => cache.db.pragma('cache_size', { simple: true }) as number;
    cache.db.pragma('cache_size = -4096');
    const own = cacheSize();
    // Asked once a store, after its first three pages: the cache as the store holds it then.
    let asked = false;
    const during: number[] = [];
    const turns: Turns = {
      asked: () => !asked && (asked = true),
      letIn: () => during.push(cacheSize()),
    };
    const writer = pageWriterOn(stores, new PageShelf(), turns);
    const read = await Promise.all((await firstPages(formId, 13)).map((json) => writer.read(json)));
    const small = read.slice(0, 4);
    const large = read.slice(4);

    await writer.incremental(pulled(formId, small, 600));
    expect(cacheSize()).toBe(own);
    asked = false;
    await writer.incremental(pulled(formId, large, 1950));
    expect(cacheSize()).toBe(own);

    // Negative sizes are KiB: the larger store had the larger cache, and both more than its own.
    expect(during).toHaveLength(2);
    expect(-during[0]!).toBeGreaterThan(-own);
    expect(-during[1]!).toBeGreaterThan(-during[0]!);
  });
});

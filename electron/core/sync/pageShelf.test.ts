import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { DEMO_FORMS } from '../../local-api/demoForms';
import { cacheStores } from '../cache/cacheStores';
import { unpackSubmission } from '../cache/packedSubmission';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { type ReadPage } from '../session/pageWriter';
import { pageWriterOn, PageShelf } from './pageStore';
import { PAGES_PER_STORE } from './streamSync';
import { finishedPages, pulled } from './testing/listedPages';

let server: LocalApi;
let cache: TempCache;

const { submissions: _generated, ...form } = DEMO_FORMS[0]!;
const formId = form.id;

beforeEach(async () => {
  server = await startLocalApi({
    rateLimit: 0,
    submissionsPerForm: 6_500,
    seed: 5,
    data: { forms: [form] },
  });
  cache = openTempCache('page-shelf');
});
afterEach(async () => {
  vi.restoreAllMocks();
  cache.close();
  await server.close();
});

/** How many times each page's bytes were decoded to be read. */
function decodesOf(): Map<unknown, number> {
  const decodes = new Map<unknown, number>();
  const decode = TextDecoder.prototype.decode;
  vi.spyOn(TextDecoder.prototype, 'decode').mockImplementation(function (
    this: TextDecoder,
    input,
    options,
  ) {
    decodes.set(input, (decodes.get(input) ?? 0) + 1);
    return decode.call(this, input, options);
  });
  return decodes;
}

describe('the pages a writer holds until it stores them', () => {
  it('reads a page once at the service’s pace, and again from its bytes only when pages pile up', async () => {
    const stores = cacheStores(cache.db);
    stores.syncState.update(formId, 'finished', { phase: 'incremental', nextOffset: 0 });
    const writer = pageWriterOn(stores, new PageShelf());
    const piled = await finishedPages(server, formId, 0, PAGES_PER_STORE + 4);
    const decodes = decodesOf();
    const read: ReadPage[] = [];
    for (const json of piled) read.push(await writer.read(json));
    const rows = read.reduce((n, page) => n + page.ids.length, 0);

    await writer.incremental(pulled(formId, read, rows));

    // As many as a store holds at the service's pace are kept as read; the rest are read again.
    const times = piled.map((json) => decodes.get(json));
    expect(times.slice(0, PAGES_PER_STORE)).toEqual(Array(PAGES_PER_STORE).fill(1));
    expect(times.slice(PAGES_PER_STORE)).toEqual([2, 2, 2, 2]);
    // Either way each row is stored as the service sent it.
    expect(stores.submissions.count(formId, 'finished')).toBe(rows);
    const stored = cache.db
      .prepare<[], { submission_id: string; raw: Buffer }>(
        `SELECT submission_id, raw FROM submissions ORDER BY id`,
      )
      .all();
    const sent = piled.flatMap(
      (json) =>
        (JSON.parse(Buffer.from(json).toString('utf8')) as { responses: object[] }).responses,
    );
    expect(stored.map((row) => JSON.parse(unpackSubmission(row.raw)) as object)).toEqual(sent);

    // Stored, they leave room: the next pages are kept as read again.
    const next = await finishedPages(server, formId, PAGES_PER_STORE + 4, PAGES_PER_STORE + 6);
    const more = await Promise.all(next.map((json) => writer.read(json)));
    await writer.incremental(
      pulled(formId, more, rows + more.reduce((n, page) => n + page.ids.length, 0)),
    );
    expect(next.map((json) => decodes.get(json))).toEqual([1, 1]);
  });
});

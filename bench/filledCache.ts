import fs from 'node:fs';
import { type CacheStores } from '../electron/core/cache/cacheStores';
import { pageWriterOn } from '../electron/core/sync/pageStore';
import { incrementalPass } from '../electron/core/sync/streamSync';
import { type LocalApi } from '../electron/local-api';
import { BENCH_FORM as FORM, sizeLabel, unthrottledClient } from './benchApi';

/**
 * Fills a cache with every submission of the bench form (or of `formIds`), as fast as the local
 * API lists them (no rate limit), then lets SQLite measure its indexes as a sync of the app leaves
 * them.
 */
export async function fillCache(
  api: LocalApi,
  stores: CacheStores,
  count: number,
  log: (line: string) => void,
  formIds: readonly string[] = [FORM.id],
): Promise<void> {
  const label = sizeLabel(count);
  log(`filling a cache with ${label} submissions (unthrottled pull)`);
  const started = performance.now();
  const pull = {
    api: unthrottledClient(api),
    stores,
    writer: pageWriterOn(stores),
    signal: new AbortController().signal,
    now: () => new Date(),
    overlapMs: 0,
    onPage: () => {},
  };
  for (const formId of formIds)
    for (const status of ['finished', 'in_progress'] as const)
      await incrementalPass(formId, status, pull);
  const seconds = (performance.now() - started) / 1000;
  stores.db.exec('ANALYZE');
  const total = formIds.reduce((sum, id) => sum + stores.submissions.count(id, 'finished'), 0);
  log(
    `${total} finished rows cached in ${seconds.toFixed(1)} s; file ${(fs.statSync(stores.db.name).size / 2 ** 20).toFixed(0)} MiB`,
  );
}

// A sync in its own process, for tests that kill it mid-way (SIGKILL) and resume in another.
// Usage: node --import tsx syncChild.ts <baseUrl> <cacheFile> <stores>; the key comes in
// FORMDESK_API_KEY. The process kills itself right after the `stores`-th stored page that leaves
// a pass part-way: pages that pile up are stored together, so a count of pages alone could find
// every pass finished, and a kill sent from outside lands wherever the sync has got to by then.
import { createApiClient } from '../../api';
import { cacheStores } from '../../cache/cacheStores';
import { openCache } from '../workspaceCache';
import { ConnectionMonitor } from '../../sync/connection';
import { SyncEngine } from '../../sync/syncEngine';

const [baseUrl, cacheFile, storesArg] = process.argv.slice(2);
const apiKey = process.env.FORMDESK_API_KEY;
const stopAfter = Number(storesArg);
if (!baseUrl || !cacheFile || !(stopAfter > 0) || !apiKey)
  throw new Error('usage: syncChild.ts <baseUrl> <cacheFile> <stores> (FORMDESK_API_KEY set)');

const db = openCache(cacheFile);
const stores = cacheStores(db);
let cut = 0;
const engine = new SyncEngine({
  workspaceId: 'child',
  api: createApiClient({ baseUrl, apiKey, rateLimit: { limit: 200, windowMs: 1000, marginMs: 0 } }),
  stores,
  connection: new ConnectionMonitor(() => {}),
  emit: (event) => {
    if (event.type !== 'sync.progress' || event.done) return;
    // Emitted as each store has committed: the cache holds what a kill now would leave.
    const partWay = stores.syncState.list(event.formId).some((s) => s.phase !== 'idle');
    if (partWay && ++cut >= stopAfter) process.kill(process.pid, 'SIGKILL');
  },
});
// Package type is CommonJS here, so no top-level await.
void engine.run({ mode: 'incremental' }, new AbortController().signal).then(() => {
  db.close();
  process.stdout.write('done\n');
});

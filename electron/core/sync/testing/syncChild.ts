// A sync in its own process, for tests that kill it mid-way (SIGKILL) and resume in another.
// Usage: node --import tsx syncChild.ts <baseUrl> <cacheFile>; the key comes in FORMDESK_API_KEY.
import { createApiClient } from '../../api';
import { cacheStores } from '../../cache/cacheStores';
import { openCache } from '../../cache/openCache';
import { ConnectionMonitor } from '../connection';
import { SyncEngine } from '../syncEngine';

const [baseUrl, cacheFile] = process.argv.slice(2);
const apiKey = process.env.FORMDESK_API_KEY;
if (!baseUrl || !cacheFile || !apiKey) throw new Error('usage: syncChild.ts <baseUrl> <cacheFile> (FORMDESK_API_KEY set)');

const db = openCache(cacheFile);
const engine = new SyncEngine({
  workspaceId: 'child',
  api: createApiClient({ baseUrl, apiKey, rateLimit: { limit: 200, windowMs: 1000, marginMs: 0 } }),
  stores: cacheStores(db),
  connection: new ConnectionMonitor(() => {}),
  emit: (event) => {
    // One line per stored page: the parent counts them to pick its moment.
    if (event.type === 'sync.progress' && !event.done) process.stdout.write(`page ${event.formId} ${event.rowsDone}\n`);
  },
});
// Package type is CommonJS here, so no top-level await.
void engine.run({ mode: 'incremental' }, new AbortController().signal).then(() => {
  db.close();
  process.stdout.write('done\n');
});

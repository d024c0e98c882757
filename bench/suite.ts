import { runAssistantBench } from './assistantSearch';
import { runBulkDeleteBench } from './bulkDelete';
import { runCacheWritesBench } from './cacheWrites';
import { runExportBench } from './export';
import { runFirstReadsBench } from './firstReads';
import { runImportBench } from './import';
import { runInteractionBench } from './interaction';
import { runPeopleSearchBench } from './peopleSearch';
import { runSummaryBench } from './summary';
import { runSyncPaceBench } from './syncPace';
import { runSyncQueryBench } from './syncQuery';
import { runSyncUnthrottledBench } from './syncUnthrottled';
import type { Bench } from './types';
import { runUiBench } from './ui';

/** Every benchmark `npm run bench` runs, in order. */
export const benches: Bench[] = [
  { name: 'import', run: runImportBench },
  { name: 'sync-query', run: runSyncQueryBench },
  { name: 'summary', run: runSummaryBench },
  { name: 'export', run: runExportBench },
  { name: 'assistant', run: runAssistantBench },
  { name: 'first-reads', run: runFirstReadsBench },
  { name: 'people', run: runPeopleSearchBench },
  { name: 'bulk-delete', run: runBulkDeleteBench },
  { name: 'sync-unthrottled', run: runSyncUnthrottledBench },
  { name: 'sync-pace', run: runSyncPaceBench },
  { name: 'cache-writes', run: runCacheWritesBench },
  { name: 'ui', run: runUiBench },
  { name: 'interaction', run: runInteractionBench },
];

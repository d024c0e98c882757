import { runAssistantBench } from './assistantSearch';
import { runExportBench } from './export';
import { runImportBench } from './import';
import { runInteractionBench } from './interaction';
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
  { name: 'sync-unthrottled', run: runSyncUnthrottledBench },
  { name: 'sync-pace', run: runSyncPaceBench },
  { name: 'ui', run: runUiBench },
  { name: 'interaction', run: runInteractionBench },
];

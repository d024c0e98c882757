import { runImportBench } from './import';
import type { Bench } from './types';

/** Every benchmark `npm run bench` runs, in order. */
export const benches: Bench[] = [{ name: 'import', run: runImportBench }];

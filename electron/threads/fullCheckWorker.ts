import { parentPort, workerData } from 'node:worker_threads';
import { readInBackground } from '../core/priority/backgroundPriority';
import { quickCheck } from '../core/cache/quickCheck';
import { type FullCheckAnswer, type FullCheckStart } from './fullCheck';

/**
 * The whole-file check's thread: below the threads that answer the user, as it only reads and no
 * one waits for it. Its connection is closed before it answers (`quickCheck`).
 */
const { file } = workerData as FullCheckStart;
readInBackground({ warn: () => {} });
let answer: FullCheckAnswer;
try {
  answer = { finding: quickCheck(file) };
} catch (error) {
  answer = { failure: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(answer);

import { type SubmissionSummaries } from '../core/cache/submissionSummary';
import { type Logger } from '../core/logging/log';

/**
 * Reads the answer columns of the form a summary was last asked of between a thread's calls, a
 * step at a time (the form's rows, then one question), so the narrowed view a click on a chart
 * asks for finds them read, and a call waits at most one step; a form read only to be kept goes at
 * half pace. Returns what starts it (after a summary); it stops once every column is read.
 */
export function readAheadBetweenCalls(
  summaries: () => SubmissionSummaries | null,
  log: Pick<Logger, 'info' | 'error'>,
): () => void {
  let running = false;
  let steps = 0;
  let startedAt = 0;
  const step = () => {
    let more = false;
    const started = performance.now();
    try {
      more = summaries()?.readAhead() ?? false;
    } catch (error) {
      // The next summary starts it again; until then a narrowed view reads what it needs.
      log.error("reading a form's answers ahead failed", error);
    }
    if (more) {
      steps++;
      // Read only to be kept, it rests as long as each step took: it takes half a core at most,
      // and on a machine of two the threads that answer clicks find one free.
      if (summaries()?.keepingOnly) setTimeout(step, performance.now() - started);
      else setImmediate(step);
      return;
    }
    if (steps > 0)
      log.info(
        `read a form's answers ahead: ${steps} steps in ${Math.round(performance.now() - startedAt)} ms`,
      );
    running = false;
  };
  return () => {
    if (running) return;
    running = true;
    steps = 0;
    startedAt = performance.now();
    setImmediate(step);
  };
}

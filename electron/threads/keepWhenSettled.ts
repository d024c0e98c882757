import { type SubmissionSummaries } from '../core/cache/submissionSummary';
import { type Logger } from '../core/logging/log';

/**
 * How long a form's rows go unchanged before its columns are read ahead to be kept: longer than
 * the gap between a paced sync's pages, so a sync under way is waited out.
 */
const QUIET_MS = 5_000;

export interface KeepWhenSettled {
  /**
   * Rows of a form were stored: a copy of its columns they changed or removed rows of goes now,
   * and its columns are kept once they stop changing.
   */
  changed(formId: string): void;
}

/**
 * The summaries' reader keeps a large form's answer columns beside the cache once a sync has
 * stored its rows and they stop changing (`SubmissionSummaries.keepAhead`), read ahead between
 * calls by `readAhead`, so the first narrowed summary after a first sync, or after the app starts
 * again, loads them rather than reading every question's index. A form that settles while
 * another is read ahead is kept after its next sync. A copy that rows since changed or removed no
 * longer serves is removed as soon as those rows are stored, not at the quiet spell.
 */
export function keepWhenSettled(
  summaries: () => SubmissionSummaries | null,
  readAhead: () => void,
  log: Pick<Logger, 'error'>,
  { quietMs = QUIET_MS, timers = { setTimeout, clearTimeout } } = {},
): KeepWhenSettled {
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const settled = (formId: string) => {
    waiting.delete(formId);
    try {
      if (summaries()?.keepAhead(formId)) readAhead();
    } catch (error) {
      // The form's next summary reads its columns, and its next quiet spell tries again.
      log.error("could not start keeping a form's answer columns", error);
    }
  };
  return {
    changed: (formId) => {
      try {
        summaries()?.rowsStored(formId);
      } catch (error) {
        log.error("could not look whether a form's kept answer columns still serve it", error);
      }
      const timer = waiting.get(formId);
      if (timer !== undefined) timers.clearTimeout(timer);
      const next = timers.setTimeout(() => settled(formId), quietMs);
      // The thread closes when asked whatever a form still waits for.
      next.unref?.();
      waiting.set(formId, next);
    },
  };
}

import { type SubmissionSummaries } from '../core/cache/submissionSummary';
import { type Logger } from '../core/logging/log';

export interface KeepAfterSync {
  /** Rows of a form were stored: a copy of its columns they changed or removed rows of goes. */
  changed(formId: string): void;
  /**
   * A form's sync ended, done or cut off: its columns are kept, if it is large and has no copy that
   * serves it.
   */
  synced(formId: string): void;
}

/**
 * The summaries' reader keeps a large form's answer columns beside the cache once its sync ends
 * (`SubmissionSummaries.keepAhead`), read ahead between calls by `readAhead`, so the first
 * narrowed summary after a first sync, or after the app starts again, loads them rather than
 * reading every question's index. A sync cut off by an error ends too: the rows it stored stay, and
 * an app that starts off line has its forms kept all the same. Not while pages still come: each
 * store's rows would be appended to columns nobody asked for. A form whose sync ends while another
 * form is read ahead is kept after its next sync. A copy that rows since changed or removed no
 * longer serves is removed as soon as those rows are stored.
 */
export function keepAfterSync(
  summaries: () => SubmissionSummaries | null,
  readAhead: () => void,
  log: Pick<Logger, 'error'>,
): KeepAfterSync {
  return {
    changed: (formId) => {
      try {
        summaries()?.rowsStored(formId);
      } catch (error) {
        log.error("could not look whether a form's kept answer columns still serve it", error);
      }
    },
    synced: (formId) => {
      try {
        if (summaries()?.keepAhead(formId)) readAhead();
      } catch (error) {
        // The form's next summary reads its columns, and its next sync tries again.
        log.error("could not start keeping a form's answer columns", error);
      }
    },
  };
}

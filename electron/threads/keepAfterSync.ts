import { type SubmissionSummaries } from '../core/cache/submissionSummary';
import { type Logger } from '../core/logging/log';

export interface KeepAfterSync {
  /**
   * Rows of a form were stored: a copy of its columns they changed or removed rows of goes; a
   * large form's are kept, or the rows added appended to its copy once there are enough.
   */
  changed(formId: string): void;
  /**
   * A form's sync ended, done or cut off: its columns are kept, if it is large and has no copy that
   * serves it.
   */
  synced(formId: string): void;
}

/**
 * The summaries' reader keeps a large form's answer columns beside the cache as its pages are
 * stored, and once its sync ends (`SubmissionSummaries.rowsStored`, `keepAhead`), read ahead
 * between calls by `readAhead`, so the first narrowed summary after the app starts, during a long
 * first sync or after it, loads them rather than reading every question's index. While pages
 * come, the rows they add are appended to the copy a thousand or so at a time; the rest once the
 * sync ends. A sync cut off by an error ends too: the rows it stored stay, and an app that starts
 * off line has its forms kept all the same. A form whose sync ends while another form is read
 * ahead is kept after its next sync. A copy that rows since changed or removed no longer serves is
 * removed as soon as those rows are stored.
 */
export function keepAfterSync(
  summaries: () => SubmissionSummaries | null,
  readAhead: () => void,
  log: Pick<Logger, 'error'>,
): KeepAfterSync {
  return {
    changed: (formId) => {
      try {
        if (summaries()?.rowsStored(formId)) readAhead();
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

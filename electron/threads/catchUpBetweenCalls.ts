import { type SubmissionQuery } from '../core/cache/submissionQuery';
import { keepNewest } from '../core/collections/keepNewest';
import { type Logger } from '../core/logging/log';
import { type SubmissionFilter } from '../shared/contract/submissions';

/** Views a reader keeps catching up: a table, its other status, a sort or two. */
const VIEWS_KEPT = 4;

export interface CatchUp {
  /** A view a window was asked of (or read ahead): the most recent are kept. */
  asked(view: SubmissionFilter): void;
  /** Rows of a form were stored: its kept views are brought up to date between calls. */
  changed(formId: string): void;
}

/**
 * The views a windows reader was last asked for, brought up to date between calls when rows of
 * their form are stored (`SubmissionQuery.catchUp`), one view a step, so a call waits for one at
 * most. Otherwise the first window after each page of a sync merges that page's rows into its
 * view's order and counts them anew before it answers.
 */
export function catchUpBetweenCalls(
  query: () => SubmissionQuery | null,
  log: Pick<Logger, 'debug' | 'error'>,
): CatchUp {
  // By key, the most recently asked last.
  const views = new Map<string, SubmissionFilter>();
  const due = new Map<string, SubmissionFilter>();
  let running = false;
  const step = () => {
    const [next] = due;
    if (!next) {
      running = false;
      return;
    }
    const [key, view] = next;
    due.delete(key);
    try {
      const started = performance.now();
      if (query()?.catchUp(view))
        log.debug(
          `caught a view up between calls in ${Math.round(performance.now() - started)} ms`,
        );
    } catch (error) {
      // The view's next window reads what it needs, and says what is wrong.
      log.error('catching a view up between calls failed', error);
    }
    setImmediate(step);
  };
  return {
    asked: (view) => void keepNewest(views, JSON.stringify(view), view, VIEWS_KEPT),
    changed: (formId) => {
      for (const [key, view] of views) if (view.formId === formId) due.set(key, view);
      if (running || due.size === 0) return;
      running = true;
      setImmediate(step);
    },
  };
}

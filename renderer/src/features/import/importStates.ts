import { type ImportState } from '../../../../electron/shared/contract/imports';

/** An import's state as the screens name it. */
export const IMPORT_STATE_LABELS: Record<ImportState, string> = {
  draft: 'not started',
  running: 'running',
  paused: 'paused',
  interrupted: 'interrupted',
  verifying: 'checking the service',
  done: 'done',
  doneToCheck: 'done, rows to check',
  cancelled: 'cancelled',
};

/** States in which nothing more is sent unless the person asks. */
export const FINISHED_STATES: ReadonlySet<string> = new Set(['done', 'doneToCheck', 'cancelled']);

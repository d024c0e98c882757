import { type AppEvent } from '../shared/contract';

// The forms the core's events are about, for what the shell tells the cache's threads of them.

/** The form whose submissions an event says were stored, if it says so. */
export function rowsStoredOf(event: AppEvent): string | undefined {
  return event.type === 'cache.changed' && event.tables.includes('submissions')
    ? event.formId
    : undefined;
}

/**
 * The form whose sync an event says ended, if it says so: with an error too, as the rows it stored
 * before the error stay (a sync cut off line, then the app closed, resumes from them).
 */
export function syncedOf(event: AppEvent): string | undefined {
  return event.type === 'sync.progress' && event.done ? event.formId : undefined;
}

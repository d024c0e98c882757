import type { AppErrorShape, ErrorCode } from '../../../electron/shared/errors';

/** A title and a generic next step per code, for messages that only say what happened. */
const ADVICE: Record<ErrorCode, { title: string; next: string }> = {
  INVALID_INPUT: {
    title: 'Something in the request is not right',
    next: 'Check the highlighted values and try again.',
  },
  UNAUTHORIZED: {
    title: 'The API key was refused',
    next: 'Enter a new key for this workspace (Settings, or the banner on the Forms screen).',
  },
  NOT_FOUND: {
    title: 'Not found',
    next: 'Sync to refresh the list.',
  },
  RATE_LIMITED: {
    title: 'The service asked us to slow down',
    next: 'Formdesk retries on its own; wait a moment.',
  },
  NETWORK: {
    title: 'The service could not be reached',
    next: 'Check your connection. Cached data stays available while offline.',
  },
  TIMEOUT: { title: 'The service took too long to answer', next: 'Try again in a moment.' },
  REMOTE: {
    title: 'The service had a problem',
    next: 'Try again later; if it persists, check the service status.',
  },
  CONFLICT: { title: 'This changed in the meantime', next: 'Refresh and try again.' },
  OFFLINE: {
    title: 'The service could not be reached',
    next: 'This needs the service. Try again once it answers.',
  },
  DB: {
    title: 'The local cache had a problem',
    next: 'Try again; a full sync rebuilds the cache if needed.',
  },
  CANCELLED: { title: 'Cancelled', next: 'Start it again when you are ready.' },
  INTERNAL: {
    title: 'Something went wrong inside Formdesk',
    next: 'Try again; if it keeps happening, report it.',
  },
};

export interface ErrorAdvice {
  title: string;
  /** What happened, then what to do about it. */
  sentence: string;
  retryable: boolean;
}

/** A 404 that named no item: the address answers, but the service's routes are not there. */
const NO_API_TITLE = 'No Form Submissions API at this address';

export function adviseOn(error: AppErrorShape): ErrorAdvice {
  const advice =
    error.details?.noApi === true
      ? { ...ADVICE.NOT_FOUND, title: NO_API_TITLE }
      : ADVICE[error.code];
  const what = error.message.trim().replace(/([^.!?])$/, '$1.');
  let sentence = what;
  if (error.outcomeUnknown) {
    sentence = `${what} It is not known whether the change reached the service; check before trying again.`;
  } else if (!saysWhatToDo(what)) {
    sentence = `${what} ${advice.next}`;
  }
  return { title: advice.title, sentence, retryable: error.retryable };
}

/** Core messages that run past one sentence already carry their own next step. */
function saysWhatToDo(message: string): boolean {
  return /[.!?]\s+\S/.test(message);
}

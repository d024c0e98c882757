import { AppError } from '../../shared/errors';

/** How a failed create leaves its batch. */
export type FailureKind = 'refused' | 'notSent' | 'unknown' | 'halt';

/**
 * A failed create is "unknown" unless the error proves the server did not create anything: a
 * rate-limit or validation answer, or a connection that never reached it. Unknown batches are
 * verified before anything more is sent; checking costs one list call, a duplicate costs trust.
 */
export function classifyFailure(error: unknown): FailureKind {
  if (!(error instanceof AppError) || error.outcomeUnknown) return 'unknown';
  switch (error.code) {
    case 'INVALID_INPUT':
      return 'refused';
    case 'RATE_LIMITED':
    case 'OFFLINE':
      return 'notSent';
    case 'NETWORK':
      return error.retryable ? 'notSent' : 'unknown';
    case 'UNAUTHORIZED':
    case 'NOT_FOUND':
      return 'halt';
    default:
      return 'unknown';
  }
}

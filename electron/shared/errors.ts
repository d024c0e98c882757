import { z } from 'zod';

/** The closed list of error codes that may cross a process boundary. */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'RATE_LIMITED',
  'NETWORK',
  'TIMEOUT',
  'REMOTE',
  'CONFLICT',
  'OFFLINE',
  'DB',
  'CANCELLED',
  'INTERNAL',
] as const;

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * What a caller learns about a failure: a code to branch on, a sentence for people, whether trying
 * again may help. `outcomeUnknown` marks a write that may or may not have happened on the server
 * (sent, then the connection dropped): the caller must verify before resending.
 */
export const AppErrorShape = z.object({
  code: ErrorCode,
  message: z.string(),
  retryable: z.boolean(),
  outcomeUnknown: z.boolean().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type AppErrorShape = z.infer<typeof AppErrorShape>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly outcomeUnknown: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      retryable?: boolean;
      outcomeUnknown?: boolean;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
    this.details = options.details;
  }

  /** The error an envelope carried across a boundary, to throw on this side of it. */
  static fromShape(shape: AppErrorShape): AppError {
    return new AppError(shape.code, shape.message, {
      retryable: shape.retryable,
      ...(shape.outcomeUnknown ? { outcomeUnknown: true } : {}),
      ...(shape.details ? { details: shape.details } : {}),
    });
  }

  toShape(): AppErrorShape {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...(this.outcomeUnknown ? { outcomeUnknown: true } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The envelope every operation answers with: nothing is thrown across a bridge. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: AppErrorShape };

import type { AppErrorShape, ErrorCode } from '../../../electron/shared/errors';

/** An operation's `ok:false` answer, thrown so query hooks and error boundaries can see it. */
export class BridgeError extends Error {
  readonly shape: AppErrorShape;

  constructor(shape: AppErrorShape) {
    super(shape.message);
    this.name = 'BridgeError';
    this.shape = shape;
  }

  get code(): ErrorCode {
    return this.shape.code;
  }
}

/** Whatever was thrown, as an AppErrorShape a screen can show. */
export function toErrorShape(error: unknown): AppErrorShape {
  if (error instanceof BridgeError) return error.shape;
  return {
    code: 'INTERNAL',
    message: error instanceof Error ? error.message : 'Something went wrong.',
    retryable: false,
  };
}

import { z } from 'zod';
import { AppEvent } from '../../../electron/shared/contract';
import { AppErrorShape, type Result } from '../../../electron/shared/errors';

const Envelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppErrorShape }),
]);

/**
 * An answer from either transport as a result envelope, or null when it is not one. The router
 * has already checked `data` against the operation's output schema before sending it.
 */
export function readEnvelope(body: unknown): Result<unknown> | null {
  const parsed = Envelope.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** An event from either transport, or null when it is not one this renderer knows. */
export function readEvent(raw: unknown): AppEvent | null {
  const parsed = AppEvent.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function failure(
  code: AppErrorShape['code'],
  message: string,
  retryable: boolean,
): Result<never> {
  return { ok: false, error: { code, message, retryable } };
}

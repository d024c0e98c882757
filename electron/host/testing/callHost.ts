import { type Result } from '../../shared/errors';
import { type Host } from '../startHost';

/**
 * Calls an operation of a running host as the page's bridge does (`POST /rpc/<op>`, the input as
 * the body's JSON, the run's token): for the tests, specs and benchmarks that drive browser mode
 * from outside the page. Answers the envelope as the host sent it.
 */
export async function callHost<T = unknown>(
  host: Pick<Host, 'origin' | 'token'>,
  op: string,
  input: unknown = {},
): Promise<Result<T>> {
  const response = await fetch(`${host.origin}/rpc/${op}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await response.json()) as Result<T>;
}

/** An operation's data, or a thrown sentence naming the operation and the error it answered. */
export async function okHost<T = Record<string, unknown>>(
  host: Pick<Host, 'origin' | 'token'>,
  op: string,
  input: unknown = {},
): Promise<T> {
  const result = await callHost<T>(host, op, input);
  if (!result.ok) throw new Error(`${op}: ${result.error.code} ${result.error.message}`);
  return result.data;
}

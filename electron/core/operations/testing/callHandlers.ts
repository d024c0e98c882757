import { type Handlers, WrittenJson } from '../../../shared/contract';
import { type Result } from '../../../shared/errors';
import { dispatch } from '../dispatch';

export interface Caller {
  /** A call as the page sees it: the JSON a handler wrote is read as the page reads it. */
  call<T = Record<string, unknown>>(op: string, input: unknown): Promise<Result<T>>;
  /** The call's data; a failed call fails the test with its code and sentence. */
  ok<T = Record<string, unknown>>(op: string, input: unknown): Promise<T>;
}

/** Calls through the contract's dispatch, to the handlers `handlers()` answers at the time. */
export function callerOf(handlers: () => Handlers): Caller {
  const call = async <T>(op: string, input: unknown): Promise<Result<T>> => {
    const result = await dispatch(handlers(), op, input);
    const data = result.ok && result.data instanceof WrittenJson ? result.data.parse() : undefined;
    return (data === undefined ? result : { ok: true, data }) as Result<T>;
  };
  return {
    call,
    async ok<T>(op: string, input: unknown): Promise<T> {
      const result = await call<T>(op, input);
      if (!result.ok) throw new Error(`${op} failed: ${result.error.code} ${result.error.message}`);
      return result.data;
    },
  };
}

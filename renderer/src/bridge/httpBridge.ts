import type { AppEvent, OpName, OpOutput } from '../../../electron/shared/contract';
import type { Result } from '../../../electron/shared/errors';
import type { Bridge } from './bridge';
import { failure, readEnvelope, readEvent } from './envelope';

export interface HttpBridgeOptions {
  /** The host's origin; the page is served by it, so normally `location.origin`. */
  origin: string;
  token: string;
  fetch?: typeof fetch;
  openEvents?: (url: string) => Pick<EventSource, 'onmessage' | 'close'>;
}

/**
 * Browser mode: operations go to the host as POST /rpc/<op>, the input as the body's JSON, with the
 * per-run token (the op in the path: the host routes it without reading the body); events arrive as
 * Server-Sent Events. Transport failures become the same envelope as operation failures.
 */
export function createHttpBridge(options: HttpBridgeOptions): Bridge {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const openEvents = options.openEvents ?? ((url: string) => new EventSource(url));
  const listeners = new Set<(event: AppEvent) => void>();
  let source: Pick<EventSource, 'onmessage' | 'close'> | null = null;

  async function invoke<N extends OpName>(
    op: N,
    input: unknown,
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<Result<OpOutput<N>>> {
    let response: Response;
    try {
      response = await doFetch(new URL(`/rpc/${op}`, options.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
        // No input, no body: undefined has no JSON.
        body: input === undefined ? '' : JSON.stringify(input),
        ...(signal ? { signal } : {}),
      });
    } catch {
      if (signal?.aborted) return failure('CANCELLED', 'Cancelled.', false);
      return failure(
        'NETWORK',
        'Formdesk is not answering. Check that it is still running, then try again.',
        true,
      );
    }
    if (response.status === 401 || response.status === 403) {
      return failure(
        'UNAUTHORIZED',
        'This page is no longer connected to Formdesk. Open it again from the link Formdesk printed.',
        false,
      );
    }
    const envelope = readEnvelope(await response.json().catch(() => null));
    if (signal?.aborted) return failure('CANCELLED', 'Cancelled.', false);
    if (!envelope) {
      return failure(
        'INTERNAL',
        `Formdesk answered in an unexpected way (HTTP ${response.status}).`,
        true,
      );
    }
    return envelope as Result<OpOutput<N>>;
  }

  function open(): void {
    const url = new URL('/events', options.origin);
    url.searchParams.set('token', options.token);
    source = openEvents(url.toString());
    source.onmessage = (message: MessageEvent) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const event = readEvent(raw);
      if (!event) return;
      for (const listener of listeners) listener(event);
    };
  }

  return {
    invoke: invoke as Bridge['invoke'],
    onEvent(listener) {
      listeners.add(listener);
      if (!source) open();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && source) {
          source.close();
          source = null;
        }
      };
    },
  };
}

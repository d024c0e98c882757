import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../electron/shared/contract';
import { createHttpBridge } from './httpBridge';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function recordingFetch(respond: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return respond();
  }) as typeof fetch;
  return { calls, fetchFn };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createHttpBridge', () => {
  it('lets go of a read its caller no longer wants: the request is aborted, the answer is CANCELLED', async () => {
    // A host that has not answered yet: until then, the request holds one of the page's connections.
    const signals: (AbortSignal | null | undefined)[] = [];
    const unanswered = ((_url: string | URL | Request, init?: RequestInit) => {
      signals.push(init?.signal);
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        ),
      );
    }) as typeof fetch;
    const bridge = createHttpBridge({
      origin: 'http://127.0.0.1:1',
      token: 't',
      fetch: unanswered,
    });
    const controller = new AbortController();
    const answer = bridge.invoke('forms.list', {}, { signal: controller.signal });
    expect(signals).toEqual([controller.signal]);

    controller.abort();
    expect(await answer).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
  });

  it('posts the input to /rpc/<op> with the bearer token and returns the envelope', async () => {
    const { calls, fetchFn } = recordingFetch(() =>
      json({ ok: true, data: { forms: [{ formId: 'f1', name: 'A' }] } }),
    );
    const bridge = createHttpBridge({
      origin: 'http://127.0.0.1:5555',
      token: 'tok',
      fetch: fetchFn,
    });
    const result = await bridge.invoke('forms.list', {});
    expect(result).toEqual({ ok: true, data: { forms: [{ formId: 'f1', name: 'A' }] } });
    expect(calls[0]?.url).toBe('http://127.0.0.1:5555/rpc/forms.list');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({});
  });

  it('passes an operation failure through unchanged', async () => {
    const error = { code: 'NOT_FOUND', message: 'No such form.', retryable: false };
    const { fetchFn } = recordingFetch(() => json({ ok: false, error }));
    const bridge = createHttpBridge({ origin: 'http://127.0.0.1:1', token: 't', fetch: fetchFn });
    expect(await bridge.invoke('questions.list', { formId: 'x' })).toEqual({ ok: false, error });
  });

  it('turns a refused token into UNAUTHORIZED and a dead host into a retryable NETWORK error', async () => {
    const refused = createHttpBridge({
      origin: 'http://127.0.0.1:1',
      token: 't',
      fetch: recordingFetch(() => json({}, 401)).fetchFn,
    });
    const refusedResult = await refused.invoke('forms.list', {});
    expect(refusedResult.ok ? null : refusedResult.error.code).toBe('UNAUTHORIZED');

    const dead = createHttpBridge({
      origin: 'http://127.0.0.1:1',
      token: 't',
      fetch: recordingFetch(() => Promise.reject(new TypeError('fetch failed'))).fetchFn,
    });
    const deadResult = await dead.invoke('forms.list', {});
    expect(
      deadResult.ok ? null : { code: deadResult.error.code, retryable: deadResult.error.retryable },
    ).toEqual({
      code: 'NETWORK',
      retryable: true,
    });
  });

  it('rejects an answer that is not an envelope', async () => {
    const { fetchFn } = recordingFetch(
      () => new Response('<html>proxy error</html>', { status: 502 }),
    );
    const bridge = createHttpBridge({ origin: 'http://127.0.0.1:1', token: 't', fetch: fetchFn });
    const result = await bridge.invoke('forms.list', {});
    expect(result.ok ? null : result.error.code).toBe('INTERNAL');
  });

  it('opens one event stream for all listeners, drops malformed events and closes when the last one leaves', () => {
    const opened: {
      url: string;
      closed: boolean;
      source: Pick<EventSource, 'onmessage' | 'close'>;
    }[] = [];
    const bridge = createHttpBridge({
      origin: 'http://127.0.0.1:7000',
      token: 'tk',
      fetch: recordingFetch(() => json({})).fetchFn,
      openEvents: (url) => {
        const entry = {
          url,
          closed: false,
          source: { onmessage: null, close: () => void (entry.closed = true) } as Pick<
            EventSource,
            'onmessage' | 'close'
          >,
        };
        opened.push(entry);
        return entry.source;
      },
    });
    const seenA: AppEvent[] = [];
    const seenB: AppEvent[] = [];
    const offA = bridge.onEvent((e) => seenA.push(e));
    const offB = bridge.onEvent((e) => seenB.push(e));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.url).toBe('http://127.0.0.1:7000/events?token=tk');

    const deliver = (data: string) =>
      opened[0]?.source.onmessage?.call({} as EventSource, new MessageEvent('message', { data }));
    const event: AppEvent = { type: 'cache.changed', workspaceId: 'w', tables: ['submissions'] };
    deliver(JSON.stringify(event));
    deliver('not json');
    deliver(JSON.stringify({ type: 'unknown.event' }));
    expect(seenA).toEqual([event]);
    expect(seenB).toEqual([event]);

    offA();
    expect(opened[0]?.closed).toBe(false);
    offB();
    expect(opened[0]?.closed).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../electron/shared/contract';
import { createIpcBridge, type PreloadApi } from './ipcBridge';

function preload(answer: () => Promise<unknown>) {
  let emit: (event: unknown) => void = () => {};
  const calls: [string, unknown][] = [];
  const api: PreloadApi = {
    invoke: (op, input) => {
      calls.push([op, input]);
      return answer();
    },
    onEvent: (listener) => {
      emit = listener;
      return () => {
        emit = () => {};
      };
    },
  };
  return { api, calls, emit: (event: unknown) => emit(event) };
}

describe('createIpcBridge', () => {
  it('passes the operation through and returns a valid envelope', async () => {
    const p = preload(async () => ({ ok: true, data: { forms: [] } }));
    const result = await createIpcBridge(p.api).invoke('forms.list', {});
    expect(result).toEqual({ ok: true, data: { forms: [] } });
    expect(p.calls).toEqual([['forms.list', {}]]);
  });

  it('turns a rejected call or a malformed answer into an INTERNAL error', async () => {
    const rejected = await createIpcBridge(
      preload(() => Promise.reject(new Error('boom'))).api,
    ).invoke('forms.list', {});
    expect(rejected.ok ? null : rejected.error.code).toBe('INTERNAL');
    const malformed = await createIpcBridge(preload(async () => 'not an envelope').api).invoke(
      'forms.list',
      {},
    );
    expect(malformed.ok ? null : malformed.error.code).toBe('INTERNAL');
  });

  it('forwards known events, drops unknown ones, and unsubscribes', () => {
    const p = preload(async () => null);
    const seen: AppEvent[] = [];
    const off = createIpcBridge(p.api).onEvent((event) => seen.push(event));
    const known: AppEvent = { type: 'connection.changed', workspaceId: 'w', state: 'online' };
    p.emit(known);
    p.emit({ type: 'connection.changed', workspaceId: 'w', state: 'sideways' });
    off();
    p.emit(known);
    expect(seen).toEqual([known]);
  });
});

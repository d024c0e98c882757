import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../shared/channels';
import { createElectronStandIn, loadWithStandIn } from './testing/electronStandIn';

const preloadBundle = join(resolve(__dirname, '../..'), 'out/preload/index.cjs');

interface ExposedBridge {
  invoke(op: unknown, input: unknown): Promise<unknown>;
  onEvent(listener: unknown): () => void;
}

let standIn: ReturnType<typeof createElectronStandIn>;
let requested: string[];
let bridge: ExposedBridge;

beforeAll(() => {
  ensureBuilt();
  standIn = createElectronStandIn();
  ({ requested } = loadWithStandIn(preloadBundle, standIn.electron));
  bridge = standIn.recorded.exposed.get('formdesk') as ExposedBridge;
});

describe('built preload', () => {
  it('is one file that requires electron and nothing else', () => {
    expect(requested).toEqual(['electron']);
  });

  it('exposes exactly window.formdesk with invoke and onEvent', () => {
    expect([...standIn.recorded.exposed.keys()]).toEqual(['formdesk']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'onEvent']);
  });

  it('sends operations on the one invoke channel and hands back the envelope main wrote as UTF-8 JSON', async () => {
    expect(await bridge.invoke('workspaces.list', {})).toEqual({ ok: true, data: null });
    expect(standIn.recorded.rendererInvokes).toEqual([[INVOKE_CHANNEL, 'workspaces.list', {}]]);
  });

  it('hands listeners the event alone, never the IPC event with its sender, and unsubscribes', () => {
    const heard: unknown[][] = [];
    const unsubscribe = bridge.onEvent((...args: unknown[]) => heard.push(args));
    const listeners = standIn.recorded.rendererListeners.get(EVENT_CHANNEL)!;
    expect(listeners.size).toBe(1);
    const appEvent = { type: 'cache.changed', workspaceId: 'demo', tables: ['submissions'] };
    for (const listener of listeners) listener({ sender: { secret: true } }, appEvent);
    expect(heard).toEqual([[appEvent]]);
    unsubscribe();
    expect(listeners.size).toBe(0);
    expect(() => bridge.onEvent('not a function')).toThrow(TypeError);
  });
});

import { expect, vi } from 'vitest';
import { INVOKE_CHANNEL } from '../../shared/channels';
import { createElectronStandIn, loadWithStandIn, type Recorded } from './electronStandIn';

/** The frame an IPC call comes from: the app's own top frame unless a test says otherwise. */
export interface SenderFrame {
  url: string;
  parent: unknown;
}

export const APP_FRAME: SenderFrame = { url: 'app://formdesk/index.html', parent: null };

export interface BuiltMain {
  recorded: Recorded;
  app: ReturnType<typeof createElectronStandIn>['app'];
  /** Every module the bundle and its chunks asked for as it loaded and started. */
  requested: string[];
  /** An operation sent over IPC as a frame sends it, and the envelope main answers, read. */
  invoke(op: unknown, input?: unknown, frame?: SenderFrame | null): Promise<unknown>;
  /** Quits as the app menu does, and waits until the app has quit. */
  quit(): Promise<void>;
}

/**
 * A built main process loaded under the stand-in `electron`, once its window has loaded the app
 * (its data dir is whatever FORMDESK_DATA_DIR says).
 */
export async function startBuiltMain(
  bundle: string,
  options: Parameters<typeof createElectronStandIn>[0] = {},
): Promise<BuiltMain> {
  const standIn = createElectronStandIn(options);
  const { recorded, app } = standIn;
  const { requested } = loadWithStandIn(bundle, standIn.electron);
  standIn.markReady();
  await vi.waitFor(() => expect(recorded.windows[0]?.loadedUrls).toHaveLength(1), {
    timeout: 30_000,
    interval: 50,
  });
  return {
    recorded,
    app,
    requested,
    invoke: async (op, input, frame = APP_FRAME) => {
      const handler = recorded.ipcHandlers.get(INVOKE_CHANNEL);
      if (!handler) throw new Error('no IPC router registered');
      const json = (await handler({ senderFrame: frame }, op, input)) as Uint8Array;
      return JSON.parse(new TextDecoder().decode(json));
    },
    quit: async () => {
      const quitsBefore = recorded.quitCalls;
      app.emit('before-quit', { preventDefault: () => {} });
      await vi.waitFor(() => expect(recorded.quitCalls).toBeGreaterThan(quitsBefore), {
        timeout: 15_000,
        interval: 50,
      });
    },
  };
}

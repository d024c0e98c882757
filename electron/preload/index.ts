import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../shared/channels';

/**
 * The renderer's whole reach into the app: ask an operation, hear events. No channel name, no
 * ipcRenderer and no Node object crosses; main checks every call again (sender, op, input).
 * Main answers the envelope as UTF-8 JSON, read here, so main's thread never parses an answer.
 */
const utf8 = new TextDecoder();

contextBridge.exposeInMainWorld('formdesk', {
  invoke: async (op: unknown, input: unknown): Promise<unknown> =>
    JSON.parse(utf8.decode(await ipcRenderer.invoke(INVOKE_CHANNEL, op, input))) as unknown,
  onEvent: (listener: unknown): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a function.');
    // The IPC event object (with its sender) stays on this side of the bridge.
    const forward = (_event: IpcRendererEvent, appEvent: unknown) => listener(appEvent);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
});

import { type IpcMain, type WebFrameMain } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../shared/channels';
import { type AppEvent } from '../shared/contract';
import { AppError, type Result } from '../shared/errors';
import { type Logger } from '../core/logging/log';
import { isAppUrl } from './appUrl';

/**
 * The one IPC entry point. A call counts only from the top frame of a page on the app's own
 * origin (never an iframe, never a page that navigated elsewhere); then `call` hands it to the
 * core's threads, whose router checks the op, parses input and output, and answers an envelope.
 * Nothing is thrown across, and this process never waits for the core: the envelope goes on as
 * the UTF-8 JSON the worker wrote (a window of rows runs to hundreds of kilobytes), decoded and
 * parsed by the preload.
 */
export function registerIpcRouter(
  ipcMain: IpcMain,
  call: (op: unknown, input: unknown) => Promise<Uint8Array>,
  log: Logger,
): void {
  ipcMain.handle(
    INVOKE_CHANNEL,
    async (event, op: unknown, input: unknown): Promise<Uint8Array> => {
      if (!isTrustedFrame(event.senderFrame)) {
        log.warn(`refused ${String(op).slice(0, 60)} from an untrusted frame`);
        const refused: Result<never> = {
          ok: false,
          error: new AppError(
            'UNAUTHORIZED',
            'This page may not use Formdesk operations.',
          ).toShape(),
        };
        return new TextEncoder().encode(JSON.stringify(refused));
      }
      return call(op, input);
    },
  );
}

export function isTrustedFrame(frame: WebFrameMain | null | undefined): boolean {
  return !!frame && frame.parent === null && isAppUrl(frame.url);
}

/** Sends an app event to every window that shows the app. */
export function broadcast(
  targets: Iterable<{ webContents: { send(channel: string, payload: unknown): void } }>,
  event: AppEvent,
): void {
  for (const target of targets) target.webContents.send(EVENT_CHANNEL, event);
}

/** IPC channel names shared by main and the preload: the whole surface between them. */
export const INVOKE_CHANNEL = 'formdesk:invoke';
export const EVENT_CHANNEL = 'formdesk:event';

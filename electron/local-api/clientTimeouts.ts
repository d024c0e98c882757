import { type IncomingMessage, type Server, type ServerOptions } from 'node:http';

// Both servers Formdesk runs on loopback (this local API and browser mode's host) use these; they
// live here because the local API may import nothing but node and the shared contract.

/** How long a client may take to send a request: its headers, and all of it with its body. */
export interface ClientTimeouts {
  headersMs: number;
  requestMs: number;
}

/**
 * A loopback client sends a request in milliseconds; these leave room for a loaded machine while
 * a client that sends slowly, on purpose or not, no longer holds a connection for Node's default
 * five minutes.
 */
export const CLIENT_TIMEOUTS: ClientTimeouts = { headersMs: 10_000, requestMs: 30_000 };

/** `createServer` options: a request not in by its time is answered 408 and its connection closed. */
export function clientTimeoutOptions(timeouts: ClientTimeouts = CLIENT_TIMEOUTS): ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    // Node looks for late requests only this often, every 30 s by default: a limit of seconds
    // would otherwise be kept to the nearest half minute.
    connectionsCheckingInterval: Math.min(1_000, Math.max(10, timeouts.headersMs / 2)),
  };
}

/**
 * Follows the requests being answered, so a shutdown can end those whose body is still arriving:
 * their handler waits for a body that may never come, and a shutdown waits for its handlers.
 * Requests already in are left to finish their answers.
 */
export function unfinishedRequests(server: Server): { end(): void } {
  const open = new Set<IncomingMessage>();
  server.on('request', (request: IncomingMessage) => {
    open.add(request);
    request.once('close', () => open.delete(request));
  });
  return {
    end: () => {
      for (const request of open) if (!request.complete) request.socket.destroy();
    },
  };
}

import { once } from 'node:events';
import { connect } from 'node:net';

/**
 * A client that sends the start of a request and then nothing more, as a slow or hostile one
 * does. `answer` settles when the server closes the connection, with everything it wrote;
 * `received(text)` when that text has arrived (an interim `100 Continue`, say).
 */
export function stalledRequest(
  port: number,
  start: string,
): { answer: Promise<string>; received(text: string): Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let written = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    written += chunk;
    socket.emit('written');
  });
  socket.write(start);
  const answer = once(socket, 'close').then(() => written);
  return {
    answer,
    received: async (text) => {
      while (!written.includes(text)) {
        await Promise.race([once(socket, 'written'), answer]);
        if (socket.closed && !written.includes(text)) throw new Error(`closed without ${text}`);
      }
    },
  };
}

/** The start of a request: its headers, and a body declared longer than the part sent. */
export function partialPost(port: number, path: string, headers: Record<string, string>): string {
  const lines = Object.entries({
    host: `127.0.0.1:${port}`,
    'content-type': 'application/json',
    'content-length': '100',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n{"op":`;
}

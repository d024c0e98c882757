import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';

// A loopback HTTP server whose every answer a test writes by hand: the fault cases (a reset after
// the body was read, headers that never come, a body cut half-way) need control to the byte.

export interface SeenRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Arrival time (`performance.now()`: the clock the rate scheduler reads). */
  at: number;
}

export type Script = (
  request: SeenRequest,
  response: ServerResponse,
  index: number,
) => void | Promise<void>;

export interface ScriptedServer {
  /** `http://127.0.0.1:<port>/v1/api` */
  baseUrl: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function serviceError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  json(response, status, { statusCode: status, error: 'Error', message }, headers);
}

export async function startScriptedServer(script: Script): Promise<ScriptedServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: (req.url ?? '').replace(/^\/v1\/api/, ''),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      requests.push(seen);
      Promise.resolve(script(seen, res, requests.length - 1)).catch(() => res.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1/api`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

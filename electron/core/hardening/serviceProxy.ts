import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';

/**
 * A loopback proxy in front of a service, for fault tests: `down()` stops listening so calls are
 * refused as they are when a server is off, `up()` listens again on the same port, and
 * `intercept` may answer a request itself (a malformed answer) instead of passing it on.
 */
export interface ServiceProxy {
  /** The proxied base URL: the target's path on the proxy's port. */
  baseUrl: string;
  intercept: ((request: IncomingMessage, response: ServerResponse) => boolean) | null;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startServiceProxy(targetBaseUrl: string): Promise<ServiceProxy> {
  const target = new URL(targetBaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const proxy: ServiceProxy = {
    baseUrl: '',
    intercept: null,
    async down() {
      const closing = server;
      server = null;
      if (!closing) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async up() {
      if (server) return;
      server = createServer((req, res) => {
        if (proxy.intercept?.(req, res)) return;
        const upstream = forward(
          {
            host: target.hostname,
            port: target.port,
            path: req.url,
            method: req.method,
            // As a reverse proxy does by default: the service sees its own name in Host.
            headers: { ...req.headers, host: target.host },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      });
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
      port = (listening.address() as AddressInfo).port;
      proxy.baseUrl = `http://127.0.0.1:${port}${target.pathname}`;
    },
    close: () => proxy.down(),
  };
  await proxy.up();
  return proxy;
}

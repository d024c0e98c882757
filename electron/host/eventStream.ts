import { type ServerResponse } from 'node:http';
import { type AppEvent } from '../shared/contract';

/** Comment lines keep idle connections open through proxies and let dead ones be noticed. */
const HEARTBEAT_MS = 15_000;

/** Server-Sent Events to every open page: each app event as one `data:` line of JSON. */
export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  attach(response: ServerResponse): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    this.clients.add(response);
    response.on('close', () => this.clients.delete(response));
  }

  send(event: AppEvent): void {
    this.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private write(chunk: string): void {
    for (const client of this.clients) client.write(chunk);
  }
}

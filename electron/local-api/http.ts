import { type IncomingMessage, type ServerResponse } from 'node:http';
import { ServiceError } from './serviceError';

const MAX_BODY_BYTES = 1_000_000;

/** The request body as text; 413 past a megabyte (ten submissions are far smaller). */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new ServiceError(413, 'Request body is larger than 1 MB');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body; `undefined` for an empty one, so schemas report a missing body. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  response.end(text);
}

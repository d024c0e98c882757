import { timingSafeEqual } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { isLoopbackHost } from '../shared/loopbackHost';

/**
 * The host answers only this machine's browser, at the address it printed. A page on another
 * origin, or a DNS name rebound to 127.0.0.1, is refused by its Host or Origin header before any
 * token is looked at.
 */
export { loopbackAuthorities as allowedAuthorities } from '../shared/loopbackHost';

export function isAllowedHost(request: IncomingMessage, authorities: Set<string>): boolean {
  return isLoopbackHost(request.headers.host, authorities);
}

/** A missing Origin is fine (not a browser, or a same-origin GET); a present one must be ours. */
export function isAllowedOrigin(request: IncomingMessage, authorities: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && authorities.has(url.host.toLowerCase());
  } catch {
    return false;
  }
}

/** Constant-time comparison, so the token cannot be guessed a character at a time. */
export function tokenMatches(candidate: string | null | undefined, token: string): boolean {
  if (typeof candidate !== 'string') return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearerToken(request: IncomingMessage): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * The media type is `application/json` itself (`application/json-evil` is another), with optional
 * parameters, of which a charset, when named, is UTF-8: the only encoding the host reads.
 */
export function isJsonContentType(header: string | undefined): boolean {
  const [type, ...parameters] = (header ?? '').split(';');
  if (type?.trim().toLowerCase() !== 'application/json') return false;
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'charset') return true;
    return /^"?utf-?8"?$/i.test(value.trim());
  });
}

export class BodyTooLargeError extends Error {}

/**
 * The request body, refused once it passes `limit` bytes (declared or actually sent): in an array
 * of its own, so that a message can move it to a worker rather than copy it.
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError();
    chunks.push(buffer);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return body;
}

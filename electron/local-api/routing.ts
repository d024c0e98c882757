import { parseJson } from './http';
import { ServiceError } from './serviceError';

/** A request to the local API, its path taken below where its routes are mounted. */
export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  readBody(): Promise<string>;
}

/** One endpoint: `:name` segments of the pattern arrive as params, decoded. */
export interface Route<Target> {
  method: string;
  pattern: string;
  handle(params: Record<string, string>, request: ApiRequest, target: Target): unknown;
}

/** Runs the route a request names; a 404 in the service's words when there is none. */
export async function runRoute<Target>(
  routes: readonly Route<Target>[],
  request: ApiRequest,
  target: Target,
  mount: string,
): Promise<unknown> {
  for (const route of routes) {
    if (route.method !== request.method) continue;
    const params = matchPath(route.pattern, request.path);
    if (params) return route.handle(params, request, target);
  }
  throw new ServiceError(404, `Route ${request.method}:${mount}${request.path} not found`);
}

/** Splits a path into segments; undefined unless it has exactly the shape `pattern`. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) {
      if (g === '') return undefined;
      const value = decodeSegment(g);
      if (value === undefined) return undefined;
      params[w.slice(1)] = value;
    } else if (w !== g) {
      return undefined;
    }
  }
  return params;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

interface Parser<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
}

/** Parses a JSON body; a bad one is a 400 whose message is the JSON-encoded issue list. */
export function validated<T>(schema: Parser<T>, text: string): T {
  const json = parseJson(text);
  if (!json.ok) {
    throw new ServiceError(
      400,
      JSON.stringify([{ code: 'invalid_json', path: [], message: 'Body is not valid JSON' }]),
    );
  }
  const result = schema.safeParse(json.value);
  if (!result.success) throw new ServiceError(400, JSON.stringify(result.error.issues));
  return result.data;
}

import {
  CreateSubmissionsRequest,
  CreateWebhookRequest,
  DeleteWebhookRequest,
} from '../shared/api/endpoints';
import { authenticate } from './auth';
import { matchPath, parseJson } from './http';
import { booleanParam, parseListQuery } from './listParams';
import { type LocalService } from './localService';
import { ServiceError } from './serviceError';

/** One request to the service's endpoints, the path taken below the base URL (`/v1/api`). */
export interface ServiceRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  readBody(): Promise<string>;
}

export interface ServiceAnswer {
  body: unknown;
  /** Creates: how many submissions were stored (the request log shows it). */
  created?: number;
}

interface Route {
  method: string;
  pattern: string;
  handle(
    params: Record<string, string>,
    request: ServiceRequest,
    service: LocalService,
  ): Promise<unknown> | unknown;
}

// Create validates its body before the key, as the service does; every other route checks the key first.
const ROUTES: readonly Route[] = [
  { method: 'GET', pattern: '/forms', handle: (_p, _r, service) => service.listForms() },
  {
    method: 'GET',
    pattern: '/forms/:formId',
    handle: (p, _r, service) => service.metadata(p.formId ?? ''),
  },
  {
    method: 'GET',
    pattern: '/forms/:formId/submissions',
    handle: (p, r, service) => service.list(p.formId ?? '', parseListQuery(r.query)),
  },
  {
    method: 'GET',
    pattern: '/forms/:formId/submissions/:submissionId',
    handle: (p, r, service) => ({
      submission: service.get(
        p.formId ?? '',
        p.submissionId ?? '',
        booleanParam(r.query, 'includeEditLink'),
      ),
    }),
  },
  {
    method: 'DELETE',
    pattern: '/forms/:formId/submissions/:submissionId',
    handle: (p, _r, service) => {
      service.remove(p.formId ?? '', p.submissionId ?? '');
      return {};
    },
  },
  {
    method: 'POST',
    pattern: '/webhook/create',
    handle: async (_p, r, service) => {
      const { formId, url } = validated(CreateWebhookRequest, await r.readBody());
      if (!/^https?:\/\/[^\s/]+/i.test(url) || !URL.canParse(url)) {
        throw new ServiceError(400, `"url" must be an http or https address, got "${url}"`);
      }
      return { id: service.createWebhook(formId, url).id };
    },
  },
  {
    method: 'POST',
    pattern: '/webhook/delete',
    handle: async (_p, r, service) => {
      const { webhookId } = validated(DeleteWebhookRequest, await r.readBody());
      const id =
        typeof webhookId === 'number'
          ? webhookId
          : /^\d+$/.test(webhookId)
            ? Number(webhookId)
            : Number.NaN;
      if (!Number.isSafeInteger(id)) throw new ServiceError(404, `Webhook ${webhookId} not found`);
      service.deleteWebhook(id);
      return {};
    },
  },
];

/** Answers a request to the service's endpoints, or throws a ServiceError. */
export async function answerService(
  service: LocalService,
  keys: ReadonlySet<string>,
  request: ServiceRequest,
): Promise<ServiceAnswer> {
  if (request.method === 'POST' && matchPath('/forms/:formId/submissions', request.path)) {
    const formId = matchPath('/forms/:formId/submissions', request.path)?.formId ?? '';
    const { submissions } = validated(CreateSubmissionsRequest, await request.readBody());
    const badTimes = submissions.flatMap((submission, i) =>
      (['submissionTime', 'lastUpdatedAt'] as const).flatMap((field) => {
        const value = submission[field];
        return value === undefined || !Number.isNaN(Date.parse(value))
          ? []
          : [
              {
                code: 'invalid_format',
                format: 'datetime',
                path: ['submissions', i, field],
                message: 'Invalid ISO datetime',
              },
            ];
      }),
    );
    if (badTimes.length > 0) throw new ServiceError(400, JSON.stringify(badTimes));
    authenticate(request.authorization, keys);
    const created = service.create(formId, submissions);
    return { body: { submissions: created }, created: created.length };
  }
  authenticate(request.authorization, keys);
  for (const route of ROUTES) {
    if (route.method !== request.method) continue;
    const params = matchPath(route.pattern, request.path);
    if (params) return { body: await route.handle(params, request, service) };
  }
  throw new ServiceError(404, `Route ${request.method}:/v1/api${request.path} not found`);
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

import {
  CreateSubmissionsRequest,
  CreateWebhookRequest,
  DeleteWebhookRequest,
} from '../shared/api/endpoints';
import { type CreateSubmission } from '../shared/api/submission';
import { authenticate } from './auth';
import { booleanParam, parseListQuery } from './listParams';
import { type LocalService } from './localService';
import { type ApiRequest, matchPath, type Route, runRoute, validated } from './routing';
import { ServiceError } from './serviceError';

export interface ServiceAnswer {
  body: unknown;
  /** Creates: how many submissions were stored (the request log shows it). */
  created?: number;
}

// Create validates its body before the key, as the service does; every other route checks the key first.
const ROUTES: readonly Route<LocalService>[] = [
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

const CREATE = '/forms/:formId/submissions';

/** Answers a request to the service's endpoints (path below `/v1/api`), or throws a ServiceError. */
export async function answerService(
  service: LocalService,
  keys: ReadonlySet<string>,
  request: ApiRequest,
): Promise<ServiceAnswer> {
  const create = request.method === 'POST' ? matchPath(CREATE, request.path) : undefined;
  if (create) {
    const { submissions } = validated(CreateSubmissionsRequest, await request.readBody());
    const issues = timeIssues(submissions);
    if (issues.length > 0) throw new ServiceError(400, JSON.stringify(issues));
    authenticate(request.authorization, keys);
    const created = service.create(create.formId ?? '', submissions);
    return { body: { submissions: created }, created: created.length };
  }
  authenticate(request.authorization, keys);
  return { body: await runRoute(ROUTES, request, service, '/v1/api') };
}

/** Times the schema lets through as strings but no date parser can read. */
function timeIssues(submissions: readonly CreateSubmission[]): unknown[] {
  return submissions.flatMap((submission, i) =>
    (['submissionTime', 'lastUpdatedAt'] as const).flatMap((field) => {
      const value = submission[field];
      if (value === undefined || !Number.isNaN(Date.parse(value))) return [];
      const path = ['submissions', i, field];
      return [
        { code: 'invalid_format', format: 'datetime', path, message: 'Invalid ISO datetime' },
      ];
    }),
  );
}

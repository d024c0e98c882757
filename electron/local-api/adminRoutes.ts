import { EditRequest, RespondRequest, SetFaultsRequest } from '../shared/api/localApi';
import { type LocalAdmin } from './admin';
import { authenticate } from './auth';
import { type ApiRequest, type Route, runRoute, validated } from './routing';

const ROUTES: readonly Route<LocalAdmin>[] = [
  {
    method: 'POST',
    pattern: '/forms/:formId/respond',
    handle: async (p, r, admin) =>
      admin.respond(p.formId ?? '', validated(RespondRequest, (await r.readBody()) || '{}')),
  },
  {
    method: 'POST',
    pattern: '/forms/:formId/submissions/:submissionId/edit',
    handle: async (p, r, admin) => ({
      submission: admin.edit(
        p.formId ?? '',
        p.submissionId ?? '',
        validated(EditRequest, (await r.readBody()) || '{}'),
      ),
    }),
  },
  {
    method: 'POST',
    pattern: '/forms/:formId/submissions/:submissionId/finish',
    handle: (p, _r, admin) => admin.finish(p.formId ?? '', p.submissionId ?? ''),
  },
  {
    method: 'DELETE',
    pattern: '/forms/:formId/submissions/:submissionId',
    handle: (p, _r, admin) => {
      admin.remove(p.formId ?? '', p.submissionId ?? '');
      return {};
    },
  },
  {
    method: 'GET',
    pattern: '/forms/:formId/submissions',
    handle: (p, _r, admin) => ({ submissions: admin.submissionsOf(p.formId ?? '') }),
  },
  {
    method: 'PUT',
    pattern: '/faults',
    handle: async (_p, r, admin) => {
      admin.setFaults(validated(SetFaultsRequest, await r.readBody()).faults);
      return { faults: admin.faults() };
    },
  },
  { method: 'GET', pattern: '/faults', handle: (_p, _r, admin) => ({ faults: admin.faults() }) },
  {
    method: 'DELETE',
    pattern: '/faults',
    handle: (_p, _r, admin) => {
      admin.clearFaults();
      return {};
    },
  },
  {
    method: 'GET',
    pattern: '/requests',
    handle: (_p, _r, admin) => ({ requests: admin.requests() }),
  },
  {
    method: 'DELETE',
    pattern: '/requests',
    handle: (_p, _r, admin) => {
      admin.clearRequests();
      return {};
    },
  },
  {
    method: 'GET',
    pattern: '/webhooks',
    handle: (_p, _r, admin) => ({ webhooks: admin.webhooks(), deliveries: admin.deliveries() }),
  },
];

/** Answers a request under `/__local` (path given below it); same bearer keys as the service. */
export async function answerAdmin(
  admin: LocalAdmin,
  keys: ReadonlySet<string>,
  request: ApiRequest,
): Promise<unknown> {
  authenticate(request.authorization, keys);
  return runRoute(ROUTES, request, admin, '/__local');
}

import { type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { presentedKey } from './auth';
import { type FaultInjector } from './faults';
import { sendJson } from './http';
import { type LocalService } from './localService';
import { type RateLimiter } from './rateLimit';
import { type RequestLog } from './requestLog';
import { errorBody, ServiceError, TOO_MANY_REQUESTS_MESSAGE } from './serviceError';
import { type ApiRequest } from './routing';
import { answerService } from './serviceRoutes';

export interface ServiceHandlerParts {
  service: LocalService;
  keys: ReadonlySet<string>;
  faults: FaultInjector;
  rateLimiter: RateLimiter;
  requestLog: RequestLog;
}

/**
 * The path of a request to the service's endpoints: scripted faults first (as the network would
 * fail), then the rate limit, then the route; every outcome is written to the request log.
 * `underBase` is false for paths outside `/v1/api`, which exist nowhere.
 */
const CREATE = /^\/forms\/([^/]+)\/submissions$/;

/** A respondent submits, through the form, the answers of a create's first row. */
function respondLookAlike(service: LocalService, create: { formId: string; body: string }): void {
  try {
    const { submissions } = JSON.parse(create.body) as {
      submissions?: Array<{ questions?: Array<{ id: string; value?: unknown }> }>;
    };
    const answers = Object.fromEntries(
      (submissions?.[0]?.questions ?? []).map((q) => [q.id, q.value ?? null]),
    );
    service.respond(create.formId, { answers });
  } catch {
    // A body no form takes makes no respondent.
  }
}

export function serviceHandler({
  service,
  keys,
  faults,
  rateLimiter,
  requestLog,
}: ServiceHandlerParts): (
  request: ApiRequest,
  underBase: boolean,
  response: ServerResponse,
) => Promise<void> {
  let lastCreate: { formId: string; body: string } | undefined;
  return async (request, underBase, response) => {
    const started = performance.now();
    const receivedAt = new Date().toISOString();
    const log = (status: number, created?: number) =>
      requestLog.add({
        method: request.method,
        path: request.path,
        query: Object.fromEntries(request.query),
        status,
        time: receivedAt,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(created === undefined ? {} : { created }),
      });
    const answer = (
      status: number,
      body: unknown,
      headers: Record<string, string>,
      created?: number,
    ) => {
      sendJson(response, status, body, headers);
      log(status, created);
    };
    const drop = (created?: number) => {
      response.socket?.destroy();
      log(0, created);
    };

    const plan = faults.plan(request.method, request.path);
    // A write's body is read as it arrives, as a service does: what it does later needs it.
    if (request.method === 'POST') {
      const body = await request.readBody();
      request = { ...request, readBody: () => Promise.resolve(body) };
      const create = CREATE.exec(request.path);
      if (create) lastCreate = { formId: create[1]!, body };
    }
    if (plan.lookAlike && lastCreate) respondLookAlike(service, lastCreate);
    if (plan.latencyMs > 0) await sleep(plan.latencyMs);
    const failure = plan.failure;
    if (failure?.kind === 'reset') return drop();
    if (failure?.kind === 'serverError') {
      return answer(
        failure.status,
        errorBody(failure.status, 'The service is temporarily unavailable'),
        {},
      );
    }
    const limited =
      failure?.kind === 'tooManyRequests'
        ? { allowed: false, headers: rateLimiter.exhaustedHeaders() }
        : rateLimiter.take(presentedKey(request.authorization));
    if (!limited.allowed) {
      return answer(429, errorBody(429, TOO_MANY_REQUESTS_MESSAGE), {
        ...limited.headers,
        'retry-after': '1',
      });
    }
    if (failure?.kind === 'lateCommit') {
      const commit = (held: ApiRequest) => () =>
        void answerService(service, keys, held)
          .then((result) => log(failure.status, result.created))
          .catch(() => log(failure.status));
      const wait = Math.max(0, failure.commitAfterMs - (performance.now() - started));
      setTimeout(commit(request), wait).unref();
      sendJson(
        response,
        failure.status,
        errorBody(failure.status, 'The gateway gave up waiting for the service'),
        {},
      );
      return;
    }
    try {
      if (!underBase)
        throw new ServiceError(404, `Route ${request.method}:${request.path} not found`);
      const result = await answerService(service, keys, request);
      if (failure?.kind === 'commitThenReset') return drop(result.created);
      answer(200, result.body, limited.headers, result.created);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      answer(error.status, error.body, limited.headers);
    }
  };
}

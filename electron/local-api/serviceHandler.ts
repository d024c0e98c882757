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

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { LocalApiData } from '../shared/api/localApi';
import { createAdmin, type LocalAdmin } from './admin';
import { answerAdmin } from './adminRoutes';
import { DEMO_API_KEY, presentedKey } from './auth';
import { DEMO_FORMS, DEMO_SUBMISSIONS_PER_FORM } from './demoForms';
import { FaultInjector } from './faults';
import { readBody, sendJson } from './http';
import { type FormSource, LocalService } from './localService';
import { MutationLog } from './mutationLog';
import { hashString, mix } from './random';
import { RateLimiter } from './rateLimit';
import { RequestLog } from './requestLog';
import { errorBody, ServiceError, TOO_MANY_REQUESTS_MESSAGE } from './serviceError';
import { answerService, type ServiceRequest } from './serviceRoutes';
import { startSimulator } from './simulator';

export { DEMO_API_KEY } from './auth';
export type { LocalAdmin } from './admin';

export const BASE_PATH = '/v1/api';
const ADMIN_PATH = '/__local';
const DEFAULT_SEED = 1;
const DEFAULT_RATE_LIMIT = 5;

export interface LocalApiOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Accepted bearer keys; the demo key when absent. */
  apiKeys?: string[];
  seed?: number;
  /** Generated submissions per form (up to a million); the demo's own sizes when absent. */
  submissionsPerForm?: number;
  /** A data file (path) or data: forms and their submissions instead of the demo forms. */
  data?: string | LocalApiData;
  /** A JSON-lines file that keeps creates, deletes, edits and webhooks across restarts. */
  store?: string;
  /** Requests per second per key (default 5); 0 turns the limit off. */
  rateLimit?: number;
  /** New respondent submissions per minute, delivered to webhooks. */
  simulatePerMinute?: number;
}

export interface LocalApi {
  /** `http://127.0.0.1:PORT/v1/api` */
  baseUrl: string;
  /** The first accepted key. */
  apiKey: string;
  port: number;
  admin: LocalAdmin;
  close(): Promise<void>;
}

/** Starts the local Form Submissions API on 127.0.0.1. */
export async function startLocalApi(options: LocalApiOptions = {}): Promise<LocalApi> {
  const seed = options.seed ?? DEFAULT_SEED;
  const keys = new Set(options.apiKeys?.length ? options.apiKeys : [DEMO_API_KEY]);
  const sources = formSources(options, seed);
  const opened = options.store ? MutationLog.open(options.store, fingerprint(seed, sources)) : undefined;
  const service = new LocalService(sources, seed, opened?.log);
  service.replay(opened?.changes ?? []);

  const faults = new FaultInjector(seed);
  const rateLimiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const requestLog = new RequestLog();
  const admin = createAdmin(service, faults, requestLog);

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A bug, not a scripted failure: answer 500 without detail, keep serving.
      console.error('local API: unexpected error', error);
      if (!response.headersSent) sendJson(response, 500, errorBody(500, 'Internal server error'));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const base: Omit<ServiceRequest, 'path'> = {
      method: request.method ?? 'GET',
      query: url.searchParams,
      authorization: request.headers.authorization,
      readBody: () => readBody(request),
    };
    if (url.pathname.startsWith(`${ADMIN_PATH}/`)) {
      const path = url.pathname.slice(ADMIN_PATH.length);
      try {
        sendJson(response, 200, await answerAdmin(admin, keys, { ...base, path }));
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        sendJson(response, error.status, error.body);
      }
      return;
    }
    const path = url.pathname.startsWith(`${BASE_PATH}/`) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
    await handleService({ ...base, path }, url.pathname.startsWith(`${BASE_PATH}/`), response);
  }

  async function handleService(request: ServiceRequest, underBase: boolean, response: ServerResponse): Promise<void> {
    const started = performance.now();
    const log = (status: number, created?: number) =>
      requestLog.add({
        method: request.method,
        path: request.path,
        query: Object.fromEntries(request.query),
        status,
        time: new Date().toISOString(),
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(created === undefined ? {} : { created }),
      });
    const answer = (status: number, body: unknown, headers: Record<string, string>, created?: number) => {
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
      return answer(failure.status, errorBody(failure.status, 'The service is temporarily unavailable'), {});
    }
    const limited = failure?.kind === 'tooManyRequests' ? { allowed: false, headers: rateLimiter.exhaustedHeaders() } : rateLimiter.take(presentedKey(request.authorization));
    if (!limited.allowed) {
      return answer(429, errorBody(429, TOO_MANY_REQUESTS_MESSAGE), { ...limited.headers, 'retry-after': '1' });
    }
    try {
      if (!underBase) throw new ServiceError(404, `Route ${request.method}:${request.path} not found`);
      const result = await answerService(service, keys, request);
      if (failure?.kind === 'commitThenReset') return drop(result.created);
      answer(200, result.body, limited.headers, result.created);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      answer(error.status, error.body, limited.headers);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const stopSimulator = options.simulatePerMinute
    ? startSimulator(options.simulatePerMinute, seed, service.formIds(), (formId) => admin.respond(formId))
    : () => {};

  return {
    baseUrl: `http://127.0.0.1:${port}${BASE_PATH}`,
    apiKey: [...keys][0] as string,
    port,
    admin,
    close: async () => {
      stopSimulator();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function formSources(options: LocalApiOptions, seed: number): FormSource[] {
  const data = options.data === undefined ? undefined : loadData(options.data);
  const forms = data?.forms ?? DEMO_FORMS;
  return forms.map((form) => ({
    form,
    formSeed: mix(seed, hashString(form.id)),
    generatedCount: options.submissionsPerForm ?? (data ? 0 : (DEMO_SUBMISSIONS_PER_FORM[form.id] ?? 0)),
  }));
}

function loadData(data: string | LocalApiData): LocalApiData {
  const raw: unknown = typeof data === 'string' ? JSON.parse(readFileSync(data, 'utf8')) : data;
  const parsed = LocalApiData.safeParse(raw);
  if (!parsed.success) {
    const where = typeof data === 'string' ? data : 'data';
    throw new Error(`${where} is not local API data: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** What a store's changes were made on: they are replayed only onto the same seeded data. */
function fingerprint(seed: number, sources: readonly FormSource[]): string {
  const forms = sources.map((s) => `${s.form.id}:${s.generatedCount}:${hashString(JSON.stringify(s.form))}`);
  return `seed=${seed};${forms.join(',')}`;
}

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type LocalApiData } from '../shared/api/localApi';
import { isLoopbackHost, loopbackAuthorities } from '../shared/loopbackHost';
import { createAdmin, type LocalAdmin } from './admin';
import { answerAdmin } from './adminRoutes';
import { clientTimeoutOptions, type ClientTimeouts } from './clientTimeouts';
import { formSources, storeFingerprint } from './dataSources';
import { FaultInjector } from './faults';
import { EDITED_WITHIN_MS } from './generatedSubmission';
import { readBody, sendJson } from './http';
import { LocalService } from './localService';
import { MutationLog } from './mutationLog';
import { RateLimiter } from './rateLimit';
import { RequestLog } from './requestLog';
import { errorBody, ServiceError } from './serviceError';
import { serviceHandler } from './serviceHandler';
import { type ApiRequest } from './routing';
import { startSimulator } from './simulator';

export type { LocalAdmin } from './admin';

export const BASE_PATH = '/v1/api';
const ADMIN_PATH = '/__local';
const DEFAULT_SEED = 1;
const DEFAULT_RATE_LIMIT = 5;

export interface LocalApiOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Accepted bearer keys; when absent, one made for this run (see `apiKey` on the handle). */
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
  /** How long a client may take to send a request (tests shorten it). */
  clientTimeouts?: ClientTimeouts;
  /**
   * The clock (milliseconds, never going back) the rate limit and timed faults read;
   * `performance.now` when absent. A test may hold it still, so a burst is counted the same on a
   * busy machine.
   */
  clock?: () => number;
}

export interface LocalApi {
  /** `http://127.0.0.1:PORT/v1/api` */
  baseUrl: string;
  /** The first accepted key. */
  apiKey: string;
  port: number;
  admin: LocalAdmin;
  /** The account owner revokes a key: from now on the service refuses it as it does any wrong key. */
  revokeKey(key: string): void;
  /** Simulated respondents a minute now (0: none). */
  readonly simulatePerMinute: number;
  /**
   * Starts, changes or stops the simulated respondents. A start from none brings the first
   * respondent at once, so whoever switched it on sees it work.
   */
  simulate(perMinute: number): void;
  close(): Promise<void>;
}

/** Starts the local Form Submissions API on 127.0.0.1. */
export async function startLocalApi(options: LocalApiOptions = {}): Promise<LocalApi> {
  const seed = options.seed ?? DEFAULT_SEED;
  // A fixed demo key would be public: any page that reached the port could use it.
  const keys = new Set(options.apiKeys?.length ? options.apiKeys : [runKey()]);
  const seeded = formSources(options, seed);
  const opened = options.store
    ? MutationLog.open(options.store, storeFingerprint(seed, seeded), Date.now() - EDITED_WITHIN_MS)
    : undefined;
  const sources = opened
    ? seeded.map((source) => ({ ...source, generatedUntil: opened.generatedUntil }))
    : seeded;
  if (opened?.setAside) {
    console.warn(
      `local API: ${options.store} was not replayed (${opened.setAside.reason}); kept as ${opened.setAside.file}, starting afresh`,
    );
  }
  const service = new LocalService(sources, seed, opened?.log);
  service.replay(opened?.changes ?? []);

  const faults = new FaultInjector(seed, options.clock);
  const rateLimiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, options.clock);
  const requestLog = new RequestLog();
  const admin = createAdmin(service, faults, requestLog);
  const handleService = serviceHandler({ service, keys, faults, rateLimiter, requestLog });

  const server = createServer(clientTimeoutOptions(options.clientTimeouts), (request, response) => {
    handle(request, response).catch((error: unknown) => {
      // The client left, or was closed for sending too slowly, before its body was in.
      if (request.destroyed && !request.complete) return;
      // A bug, not a scripted failure: answer 500 without detail, keep serving.
      console.error('local API: unexpected error', error);
      if (!response.headersSent) sendJson(response, 500, errorBody(500, 'Internal server error'));
      else response.destroy();
    });
  });

  let authorities = new Set<string>();
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isLoopbackHost(request.headers.host, authorities)) {
      sendJson(
        response,
        403,
        errorBody(
          403,
          'This server answers only requests addressed to 127.0.0.1 or localhost at its port.',
        ),
      );
      return;
    }
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const base: Omit<ApiRequest, 'path'> = {
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
    const path = url.pathname.startsWith(`${BASE_PATH}/`)
      ? url.pathname.slice(BASE_PATH.length)
      : url.pathname;
    await handleService({ ...base, path }, url.pathname.startsWith(`${BASE_PATH}/`), response);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  authorities = loopbackAuthorities(port);
  let simulatePerMinute = 0;
  let stopSimulator = () => {};
  const simulate = (perMinute: number, firstAtOnce: boolean) => {
    stopSimulator();
    simulatePerMinute = Math.max(0, perMinute);
    stopSimulator = startSimulator(simulatePerMinute, seed, service.formIds(), admin, {
      firstAtOnce,
    });
  };
  simulate(options.simulatePerMinute ?? 0, false);

  return {
    baseUrl: `http://127.0.0.1:${port}${BASE_PATH}`,
    apiKey: [...keys][0] as string,
    port,
    admin,
    revokeKey: (key) => keys.delete(key),
    get simulatePerMinute() {
      return simulatePerMinute;
    },
    simulate: (perMinute) => simulate(perMinute, simulatePerMinute === 0),
    close: async () => {
      stopSimulator();
      service.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A key shaped like the service's (`sk_<env>_…`), new for each run. */
function runKey(): string {
  return `sk_demo_${randomBytes(16).toString('hex')}`;
}

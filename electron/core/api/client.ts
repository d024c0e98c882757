import { type z } from 'zod';
import {
  CreateSubmissionsResponse,
  CreateWebhookResponse,
  ListSubmissionsResponse,
  SingleSubmissionResponse,
} from '../../shared/api/endpoints';
import { FormMetadata, FormSummary } from '../../shared/api/form';
import { AppError } from '../../shared/errors';
import { unreadableAnswer } from './errors';
import { DEFAULT_TIMEOUTS, type FetchLike, type Timeouts } from './http';
import { type RateScheduler, type RateSchedulerOptions, schedulerFor } from './rateScheduler';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import {
  createSubmissionsBody,
  listSubmissionsQuery,
  normaliseBaseUrl,
  requireId,
  requirePathId,
  requireWebhookId,
} from './params';
import { type ApiObserver, type CallAnswer, createTransport } from './transport';
import { type ApiClient } from './types';

export interface ApiClientOptions {
  /** The service's `{base_url}`, ending in `/v1/api` for the public hosts; trailing slashes are ignored. */
  baseUrl: string;
  apiKey: string;
  /**
   * Defaults to the global fetch; the desktop app's goes through Electron's `net`, with the
   * system's proxy and certificates.
   */
  fetch?: FetchLike;
  /** Defaults to the key's shared scheduler (`schedulerFor`). */
  scheduler?: RateScheduler;
  /** Used when the key's shared scheduler is first made. */
  rateLimit?: RateSchedulerOptions;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  observer?: ApiObserver;
}

const FormList = FormSummary.array();

function parsed<S extends z.ZodType>(schema: S, answer: CallAnswer): z.infer<S> {
  const result = schema.safeParse(answer.body);
  if (!result.success) {
    const path = result.error.issues[0]?.path.map(String).join('.');
    throw unreadableAnswer(answer.status, path === '' ? '(the whole answer)' : path);
  }
  return result.data;
}

const segment = (value: string, field: string) => encodeURIComponent(requirePathId(value, field));

/** The API key as a header can carry it: anything else would fail inside fetch, whose message could quote it. */
function checkedKey(apiKey: unknown): string {
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new AppError('INVALID_INPUT', 'apiKey must not be empty.', {
      details: { field: 'apiKey' },
    });
  }
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new AppError(
      'INVALID_INPUT',
      'apiKey contains spaces or characters an API key cannot have.',
      {
        details: { field: 'apiKey' },
      },
    );
  }
  return apiKey;
}

/** A page of the submissions listing from its JSON bytes, checked as `listSubmissions` checks it. */
export function readListing(json: Uint8Array): ListSubmissionsResponse {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(json));
  } catch {
    throw unreadableAnswer(200);
  }
  return parsed(ListSubmissionsResponse, { status: 200, body, goneAfterRetry: false });
}

/**
 * The client of the form-submissions service: one typed function per endpoint, arguments checked
 * before the network, answers parsed leniently (unknown fields kept), every request through the
 * key's rate scheduler, retries where they are safe, failures as AppError.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const apiKey = checkedKey(options.apiKey);
  const call = createTransport({
    baseUrl,
    apiKey,
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    scheduler:
      options.scheduler ?? schedulerFor(apiKey, new URL(baseUrl).origin, options.rateLimit),
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    retry: { ...DEFAULT_RETRY, ...options.retry },
    observer: options.observer,
  });
  const submissionsPath = (formId: string) => `/forms/${segment(formId, 'formId')}/submissions`;
  const listSubmissionsJson: ApiClient['listSubmissionsJson'] = async (
    formId,
    params,
    callOptions,
  ) => {
    const path = submissionsPath(formId);
    const query = listSubmissionsQuery(params);
    const answer = await call(
      { method: 'GET', path, query, resendable: true, rawBody: true },
      callOptions,
    );
    return answer.body instanceof Uint8Array ? answer.body : new Uint8Array();
  };

  return {
    baseUrl,

    async listForms(callOptions) {
      return parsed(
        FormList,
        await call({ method: 'GET', path: '/forms', resendable: true }, callOptions),
      );
    },

    async getFormMetadata(formId, callOptions) {
      const path = `/forms/${segment(formId, 'formId')}`;
      try {
        const answer = await call({ method: 'GET', path, resendable: true }, callOptions);
        // Beyond the interface: a server that answers something else simply does not offer it.
        const result = FormMetadata.safeParse(answer.body);
        return result.success ? result.data : null;
      } catch (error) {
        const status = error instanceof AppError ? error.details?.status : undefined;
        if (status === 404 || status === 405 || status === 501) return null;
        throw error;
      }
    },

    async listSubmissions(formId, params, callOptions) {
      return readListing(await listSubmissionsJson(formId, params, callOptions));
    },

    listSubmissionsJson,

    async getSubmission(formId, submissionId, params = {}, callOptions) {
      const path = `${submissionsPath(formId)}/${segment(submissionId, 'submissionId')}`;
      const query = new URLSearchParams();
      if (params.includeEditLink !== undefined)
        query.set('includeEditLink', String(Boolean(params.includeEditLink)));
      const answer = await call({ method: 'GET', path, query, resendable: true }, callOptions);
      return parsed(SingleSubmissionResponse, answer).submission;
    },

    async createSubmissions(formId, submissions, callOptions) {
      const path = submissionsPath(formId);
      const body = createSubmissionsBody(submissions);
      const answer = await call({ method: 'POST', path, body, resendable: false }, callOptions);
      const result = CreateSubmissionsResponse.safeParse(answer.body);
      // The server has created them; only its answer is unusable, so the caller must verify.
      if (!result.success) {
        throw new AppError(
          'REMOTE',
          `${unreadableAnswer(answer.status).message} The submissions may have been created.`,
          {
            outcomeUnknown: true,
            details: { status: answer.status },
          },
        );
      }
      return result.data.submissions;
    },

    async deleteSubmission(formId, submissionId, callOptions) {
      const path = `${submissionsPath(formId)}/${segment(submissionId, 'submissionId')}`;
      const answer = await call(
        { method: 'DELETE', path, resendable: true, readsBody: false },
        callOptions,
      );
      return { alreadyDeleted: answer.goneAfterRetry };
    },

    async createWebhook(formId, url, callOptions) {
      const body = { formId: requireId(formId, 'formId'), url: webhookUrl(url) };
      const answer = await call(
        { method: 'POST', path: '/webhook/create', body, resendable: false },
        callOptions,
      );
      const result = CreateWebhookResponse.safeParse(answer.body);
      // Created, but without its id it can never be removed: the caller must know.
      if (!result.success) {
        throw new AppError(
          'REMOTE',
          `${unreadableAnswer(answer.status).message} The webhook may have been created.`,
          {
            outcomeUnknown: true,
            details: { status: answer.status },
          },
        );
      }
      return { id: result.data.id };
    },

    async deleteWebhook(webhookId, callOptions) {
      const body = { webhookId: requireWebhookId(webhookId) };
      // Removing twice cannot duplicate anything, so this POST is resent like a DELETE.
      const answer = await call(
        { method: 'POST', path: '/webhook/delete', body, resendable: true, readsBody: false },
        callOptions,
      );
      return { alreadyDeleted: answer.goneAfterRetry };
    },
  };
}

function webhookUrl(value: unknown): string {
  const url = requireId(value, 'url');
  let parsedUrl: URL | undefined;
  try {
    parsedUrl = new URL(url);
  } catch {
    parsedUrl = undefined;
  }
  if (!parsedUrl || (parsedUrl.protocol !== 'https:' && parsedUrl.protocol !== 'http:')) {
    throw new AppError(
      'INVALID_INPUT',
      'url must be a web address starting with https:// or http://.',
      {
        details: { field: 'url' },
      },
    );
  }
  return url;
}

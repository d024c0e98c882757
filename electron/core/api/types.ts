import { type FormMetadata, type FormSummary } from '../../shared/api/form';
import {
  type ListSubmissionsParams,
  type ListSubmissionsResponse,
  type WebhookId,
} from '../../shared/api/endpoints';
import { type CreateSubmission, type Submission } from '../../shared/api/submission';

/** Interactive calls (a person is waiting) go ahead of background ones (sync, import). */
export type Priority = 'interactive' | 'background';

export interface CallOptions {
  /** Defaults to interactive: sync, import and other long work pass `background`. */
  priority?: Priority;
  signal?: AbortSignal;
}

/** List parameters as callers hold them: dates as Date or any ISO 8601 string. */
export type ListSubmissionsInput = Omit<ListSubmissionsParams, 'afterDate' | 'beforeDate'> & {
  afterDate?: Date | string;
  beforeDate?: Date | string;
};

/**
 * `alreadyDeleted`: the server answered 404 to a retry, so an earlier attempt whose answer was
 * lost had deleted it. The item is gone either way.
 */
export interface DeleteResult {
  alreadyDeleted: boolean;
}

/**
 * One typed function per endpoint of the service. Every call goes through the API key's shared
 * rate scheduler; failures are thrown as AppError with a code from the closed list.
 */
export interface ApiClient {
  readonly baseUrl: string;
  listForms(options?: CallOptions): Promise<FormSummary[]>;
  /** Beyond the interface: null when the server does not offer `GET /forms/{formId}`. */
  getFormMetadata(formId: string, options?: CallOptions): Promise<FormMetadata | null>;
  listSubmissions(
    formId: string,
    params: ListSubmissionsInput,
    options?: CallOptions,
  ): Promise<ListSubmissionsResponse>;
  /**
   * A page of the same listing as the JSON bytes the service sent, for a thread other than the
   * caller's to read (`readListing`): decoding and reading a page of 150 submissions holds a
   * thread for milliseconds.
   */
  listSubmissionsJson(
    formId: string,
    params: ListSubmissionsInput,
    options?: CallOptions,
  ): Promise<Uint8Array>;
  getSubmission(
    formId: string,
    submissionId: string,
    params?: { includeEditLink?: boolean },
    options?: CallOptions,
  ): Promise<Submission>;
  /** Never retried blindly: an ambiguous failure throws with `outcomeUnknown: true`. */
  createSubmissions(
    formId: string,
    submissions: CreateSubmission[],
    options?: CallOptions,
  ): Promise<Submission[]>;
  deleteSubmission(
    formId: string,
    submissionId: string,
    options?: CallOptions,
  ): Promise<DeleteResult>;
  createWebhook(formId: string, url: string, options?: CallOptions): Promise<{ id: WebhookId }>;
  deleteWebhook(webhookId: WebhookId, options?: CallOptions): Promise<DeleteResult>;
}

import {
  CreateSubmissionsRequest,
  MAX_CREATE_BATCH,
  MAX_PAGE_SIZE,
  type WebhookId,
} from '../../shared/api/endpoints';
import { type CreateSubmission, type PaymentValue } from '../../shared/api/submission';
import { AppError } from '../../shared/errors';
import { issueList } from '../../shared/issueList';
import { type ListSubmissionsInput } from './types';

// Checks that run before the network: a request the service would refuse is refused here, with
// the field named, so a bad call costs no rate-limit token and reads clearly.

function invalid(field: string, problem: string): AppError {
  return new AppError('INVALID_INPUT', `${field} ${problem}.`, { details: { field } });
}

export function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(field, 'must not be empty');
  return value;
}

/**
 * An id that goes into a URL path. Escaping is not enough for dot segments: `..` stays `..` and
 * the URL collapses it (`/forms/f1/submissions/..` is `/forms/f1/`), so a forged id could aim a
 * delete at another resource. Ids are opaque words; slashes and dot segments are refused.
 */
export function requirePathId(value: unknown, field: string): string {
  const id = requireId(value, field);
  if (id === '.' || id === '..' || /[/\\]/.test(id))
    throw invalid(field, 'must not be "." or ".." or hold a slash');
  return id;
}

export function requireWebhookId(value: unknown): WebhookId {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  return requireId(value, 'webhookId');
}

// A date, or a date and time with an optional zone; a time without a zone is read as UTC, the
// service's own zone, so the same input means the same instant on every machine.
const ISO_DATE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Date or ISO 8601 string → the service's `YYYY-MM-DDTHH:mm:ss.sssZ`. */
export function serviceDate(value: unknown, field: string): string {
  let date: Date | undefined;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'string') {
    const match = ISO_DATE.exec(value.trim());
    if (match) {
      const [, day, time, zone] = match;
      date = new Date(time ? `${day}T${time}${zone ?? 'Z'}` : `${day}T00:00:00Z`);
    }
  }
  if (!date || Number.isNaN(date.getTime())) {
    throw invalid(field, 'must be a date (e.g. 2024-05-01T12:00:00.000Z)');
  }
  return date.toISOString();
}

function integerIn(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(
      field,
      max === Number.MAX_SAFE_INTEGER
        ? `must be a whole number ≥ ${min}`
        : `must be a whole number from ${min} to ${max}`,
    );
  }
  return value;
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw invalid(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** The query string of `GET /forms/{formId}/submissions`, by the service's parameter names. */
export function listSubmissionsQuery(params: ListSubmissionsInput): URLSearchParams {
  const query = new URLSearchParams();
  if (params.limit !== undefined)
    query.set('limit', String(integerIn(params.limit, 'limit', 1, MAX_PAGE_SIZE)));
  if (params.offset !== undefined) {
    query.set('offset', String(integerIn(params.offset, 'offset', 0, Number.MAX_SAFE_INTEGER)));
  }
  const after =
    params.afterDate === undefined ? undefined : serviceDate(params.afterDate, 'afterDate');
  const before =
    params.beforeDate === undefined ? undefined : serviceDate(params.beforeDate, 'beforeDate');
  if (after && before && after > before)
    throw invalid('afterDate', 'must not be later than beforeDate');
  if (after) query.set('afterDate', after);
  if (before) query.set('beforeDate', before);
  if (params.status !== undefined)
    query.set('status', oneOf(params.status, 'status', ['finished', 'in_progress']));
  if (params.includeEditLink !== undefined)
    query.set('includeEditLink', String(Boolean(params.includeEditLink)));
  if (params.includePreview !== undefined)
    query.set('includePreview', String(Boolean(params.includePreview)));
  if (params.sort !== undefined) query.set('sort', oneOf(params.sort, 'sort', ['asc', 'desc']));
  if (params.search !== undefined && params.search !== '') {
    if (typeof params.search !== 'string') throw invalid('search', 'must be text');
    query.set('search', params.search);
  }
  return query;
}

const PROCESSOR_FIELDS = ['CustomerId', 'CustomerUrl', 'PaymentUrl', 'SubscriptionId'] as const;

// The service reads the processor's real field names (`stripe…`); callers may hold the
// interface document's spelling (`processor…`) and both are accepted here.
function withServiceNames(value: PaymentValue): PaymentValue {
  const out: Record<string, unknown> = { ...value };
  for (const field of PROCESSOR_FIELDS) {
    const alias = `processor${field}`;
    if (alias in out) {
      out[`stripe${field}`] ??= out[alias];
      delete out[alias];
    }
  }
  // discountCode is returned only; the create request has no place for it.
  delete out.discountCode;
  return out as PaymentValue;
}

/** The body of `POST /forms/{formId}/submissions`: 1..10 submissions in the shape the service reads. */
export function createSubmissionsBody(submissions: readonly CreateSubmission[]): {
  submissions: CreateSubmission[];
} {
  if (
    !Array.isArray(submissions) ||
    submissions.length === 0 ||
    submissions.length > MAX_CREATE_BATCH
  ) {
    throw invalid('submissions', `must hold 1 to ${MAX_CREATE_BATCH} submissions per request`);
  }
  const parsed = CreateSubmissionsRequest.safeParse({ submissions });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.map(String).join('.') : 'submissions';
    throw new AppError('INVALID_INPUT', `${where}: ${issue?.message ?? 'invalid'}.`, {
      details: {
        field: where,
        ...issueList(parsed.error),
      },
    });
  }
  return {
    submissions: parsed.data.submissions.map((submission) => {
      const { submissionTime, lastUpdatedAt, payments, ...rest } = submission;
      return {
        ...rest,
        ...(submissionTime !== undefined
          ? { submissionTime: serviceDate(submissionTime, 'submissionTime') }
          : {}),
        ...(lastUpdatedAt !== undefined
          ? { lastUpdatedAt: serviceDate(lastUpdatedAt, 'lastUpdatedAt') }
          : {}),
        ...(payments
          ? { payments: payments.map((p) => ({ ...p, value: withServiceNames(p.value) })) }
          : {}),
      };
    }),
  };
}

/** `http(s)://host[:port]/path` without trailing slashes; anything else is refused. */
export function normaliseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid('baseUrl', 'must be a web address such as https://api.example.com/v1/api');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid('baseUrl', 'must start with http:// or https://');
  if (url.search || url.hash) throw invalid('baseUrl', 'must not carry a query or fragment');
  // The key travels in its header only; a password in the address would leak into every URL.
  if (url.username || url.password)
    throw invalid('baseUrl', 'must not contain a user name or password');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

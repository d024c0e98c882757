import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type SortOrder,
  type SubmissionStatus,
} from '../shared/api/endpoints';
import { ServiceError } from './serviceError';

/** The list endpoint's query, defaults applied (README, "List submissions"). */
export interface ListQuery {
  limit: number;
  offset: number;
  afterDate?: number;
  beforeDate?: number;
  status: SubmissionStatus;
  includeEditLink: boolean;
  includePreview: boolean;
  sort: SortOrder;
  search?: string;
}

const SERVICE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Parses the list query; a bad value is a 400 naming the parameter and what it accepts. */
export function parseListQuery(query: URLSearchParams): ListQuery {
  const search = query.get('search') ?? '';
  return {
    limit: integerParam(query, 'limit', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
    offset: integerParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
    afterDate: dateParam(query, 'afterDate'),
    beforeDate: dateParam(query, 'beforeDate'),
    status: enumParam(query, 'status', ['finished', 'in_progress'] as const, 'finished'),
    includeEditLink: booleanParam(query, 'includeEditLink'),
    includePreview: booleanParam(query, 'includePreview'),
    sort: enumParam(query, 'sort', ['asc', 'desc'] as const, 'asc'),
    ...(search === '' ? {} : { search }),
  };
}

export function booleanParam(query: URLSearchParams, name: string): boolean {
  const raw = query.get(name);
  if (raw === null || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  throw new ServiceError(400, `"${name}" must be true or false, got "${raw}"`);
}

function integerParam(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER
        ? `an integer of at least ${min}`
        : `an integer from ${min} to ${max}`;
    throw new ServiceError(400, `"${name}" must be ${range}, got "${raw}"`);
  }
  return value;
}

function dateParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const time = SERVICE_DATE.test(raw) ? Date.parse(raw) : Number.NaN;
  // The round trip also refuses dates that do not exist, such as February 30th.
  if (Number.isNaN(time) || new Date(time).toISOString() !== raw) {
    throw new ServiceError(
      400,
      `"${name}" must be a date like 2024-05-16T23:20:05.324Z, got "${raw}"`,
    );
  }
  return time;
}

function enumParam<T extends string>(
  query: URLSearchParams,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = allowed.find((a) => a === raw);
  if (value === undefined) {
    throw new ServiceError(400, `"${name}" must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return value;
}

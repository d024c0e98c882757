import { z } from 'zod';

/** Any ISO 8601 date or date-time; a time without a zone is UTC, the service's own zone. */
export const isoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date');

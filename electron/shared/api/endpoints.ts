import { z } from 'zod';
import { API_KEY_RULES } from './apiKey';
import { CreateSubmission, Submission } from './submission';

export const MAX_PAGE_SIZE = 150;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_CREATE_BATCH = 10;

export const SubmissionStatus = z.enum(['finished', 'in_progress']);
export type SubmissionStatus = z.infer<typeof SubmissionStatus>;
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/** The service's date format for `afterDate`/`beforeDate`: `YYYY-MM-DDTHH:mm:ss.sssZ` (UTC). */
export const ServiceDate = z.iso.datetime({ offset: false, precision: 3 });

/** Query parameters of `GET /forms/{formId}/submissions`, by their upstream names. */
export const ListSubmissionsParams = z.object({
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.number().int().min(0).optional(),
  afterDate: ServiceDate.optional(),
  beforeDate: ServiceDate.optional(),
  status: SubmissionStatus.optional(),
  includeEditLink: z.boolean().optional(),
  includePreview: z.boolean().optional(),
  sort: SortOrder.optional(),
  search: z.string().optional(),
});
export type ListSubmissionsParams = z.infer<typeof ListSubmissionsParams>;

export const ListSubmissionsResponse = z.looseObject({
  responses: z.array(Submission),
  totalResponses: z.number().int().min(0),
  pageCount: z.number().int().min(0),
});
export type ListSubmissionsResponse = z.infer<typeof ListSubmissionsResponse>;

export const SingleSubmissionResponse = z.looseObject({ submission: Submission });

export const CreateSubmissionsRequest = z.object({
  submissions: z.array(CreateSubmission).min(1).max(MAX_CREATE_BATCH),
});
export type CreateSubmissionsRequest = z.infer<typeof CreateSubmissionsRequest>;

export const CreateSubmissionsResponse = z.looseObject({ submissions: z.array(Submission) });

/** Webhook ids come back as integers and are accepted back as integer or string. */
export const WebhookId = z.union([z.number().int(), z.string().min(1)]);
export type WebhookId = z.infer<typeof WebhookId>;

export const CreateWebhookRequest = z.object({ formId: z.string().min(1), url: z.string().min(1) });
export const CreateWebhookResponse = z.looseObject({ id: WebhookId });
export const DeleteWebhookRequest = z.object({ webhookId: WebhookId });

/** A webhook delivery as the service posts it. */
export const WebhookDelivery = z.looseObject({
  formId: z.string(),
  formName: z.string().optional(),
  submission: Submission,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** The service's error body (observed): `{statusCode, error, message}`. */
export const ServiceErrorBody = z.looseObject({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ServiceErrorBody = z.infer<typeof ServiceErrorBody>;

/** Credential failures are 400s told apart only by their message (local API README, "Errors"). */
export const AUTH_ERROR_MESSAGES = [
  'API authorization header missing',
  ...API_KEY_RULES.map((rule) => rule.serviceMessage),
  'API Key invalid',
];

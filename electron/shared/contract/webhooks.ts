import { z } from 'zod';
import { WebhookId } from '../api/endpoints';
import { op } from './define';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const MAX_URL_LENGTH = 2000;

/** Whether an address is on this computer (where the local API and the test receiver live). */
export function isLoopbackUrl(text: string): boolean {
  const url = URL.parse(text);
  return url !== null && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Why a url cannot receive deliveries, as a sentence for the person who typed it; null when it
 * can. The service posts submissions (personal data) to it, so only `https:` is accepted; plain
 * `http:` only on loopback, where the local API and the test receiver live.
 */
export function webhookUrlProblem(text: string): string | null {
  const raw = text.trim();
  if (raw === '') return 'Enter the address that should receive submissions.';
  if (raw.length > MAX_URL_LENGTH)
    return `The address is longer than ${MAX_URL_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'This is not a complete web address: it should look like https://example.com/hooks/forms.';
  }
  if (url.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(url.hostname)) return credentialsProblem(url);
    return 'Use https: submissions would travel unencrypted over plain http (allowed only for 127.0.0.1 and localhost).';
  }
  if (url.protocol !== 'https:') {
    return `"${url.protocol}" addresses cannot receive webhooks: use an https: address.`;
  }
  if (url.hostname === '') return 'The address has no host name.';
  return credentialsProblem(url);
}

function credentialsProblem(url: URL): string | null {
  if (url.username !== '' || url.password !== '') {
    return 'Remove the user name and password from the address: credentials in a url end up in logs. Put a secret in the path instead.';
  }
  return null;
}

/** A url the service may deliver to (see `webhookUrlProblem`). */
export const WebhookUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A webhook id as a person types it: digits become the integer the service issues, anything else
 * is kept as text (the service accepts both).
 */
export const TypedWebhookId = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .trim()
    .min(1, 'Enter the webhook id.')
    .max(200)
    .transform((s) => (/^\d{1,15}$/.test(s) ? Number(s) : s)),
]);

/** One webhook Formdesk knows about. The service cannot list webhooks: this record is the only handle. */
export const WebhookRecord = z.object({
  id: WebhookId,
  formId: z.string(),
  url: z.string(),
  createdAt: z.string(),
  /** `created`: through Formdesk; `adopted`: made elsewhere, its id typed in. */
  origin: z.enum(['created', 'adopted']),
  workspaceId: z.string(),
  /** Set when the service answered 404 to a delete: it no longer knows this id. */
  unknownToServiceAt: z.string().nullable(),
  /** Whether the url is this app's test receiver: running now, or one that has been stopped. */
  receiver: z.enum(['running', 'stopped']).nullable(),
});
export type WebhookRecord = z.infer<typeof WebhookRecord>;

export const ReceiverStatus = z.discriminatedUnion('running', [
  z.object({ running: z.literal(false) }),
  z.object({
    running: z.literal(true),
    receiverId: z.string(),
    /** Base address; a webhook for a form points at `${url}/${formId}`. Holds the secret token. */
    url: z.string(),
    /** The tunnel's public origin, when one is set: webhooks then point through it. */
    publicUrl: z.string().nullable(),
    startedAt: z.string(),
    workspaceId: z.string(),
    deliveryCount: z.number().int(),
  }),
]);
export type ReceiverStatus = z.infer<typeof ReceiverStatus>;

/** What the test receiver got. Kept in memory for the receiver's lifetime, newest first. */
export const Delivery = z.object({
  deliveryId: z.string(),
  receiverId: z.string(),
  receivedAt: z.string(),
  /** 'accepted': a submission was found; otherwise the request was answered 400 and logged. */
  status: z.enum(['accepted', 'rejected']),
  /** How the body carried the submission. */
  shape: z.enum(['envelope', 'submission', 'string']).nullable(),
  formId: z.string().nullable(),
  formName: z.string().nullable(),
  submissionId: z.string().nullable(),
  /** The same submission (form and id) arrived before: a retry, not a new respondent. */
  duplicate: z.boolean(),
  /** Whether the submission was written to the cache (only for the receiver's own workspace). */
  cached: z.boolean(),
  bytes: z.number().int(),
  problem: z.string().nullable(),
  /** The parsed body, or the raw text when it was not JSON; only when one delivery is asked for. */
  payload: z.unknown().optional(),
});
export type Delivery = z.infer<typeof Delivery>;

const formId = z.string().trim().min(1).max(200);
const webhookId = TypedWebhookId;

export const webhookOps = {
  'webhooks.list': op(
    z.strictObject({ formId: formId.optional() }),
    z.object({ webhooks: z.array(WebhookRecord) }),
  ),
  /**
   * The service does not dedupe: a second webhook for the same form and url answers `duplicates`
   * and creates nothing until asked again with `confirmDuplicate`.
   */
  'webhooks.create': op(
    z
      .strictObject({
        formId,
        url: WebhookUrl.optional(),
        /** Point the webhook at the running test receiver instead of a url. */
        toReceiver: z.boolean().optional(),
        confirmDuplicate: z.boolean().default(false),
      })
      .refine((v) => (v.url === undefined) !== (v.toReceiver !== true), {
        message: 'Give either a url or toReceiver, not both.',
        path: ['url'],
      }),
    z.discriminatedUnion('created', [
      z.object({ created: z.literal(true), webhook: WebhookRecord }),
      z.object({ created: z.literal(false), duplicates: z.array(WebhookRecord) }),
    ]),
  ),
  /** The service first, then the registry. A 404 leaves the record, marked, for `forget`. */
  'webhooks.delete': op(
    z.strictObject({ id: webhookId }),
    z.object({ outcome: z.enum(['deleted', 'unknownToService']), webhook: WebhookRecord }),
  ),
  'webhooks.adopt': op(
    z.strictObject({ id: webhookId, formId, url: z.string().trim().min(1).max(2000) }),
    WebhookRecord,
  ),
  /**
   * Posts the form's newest finished submission to the webhook's address as the service would, and
   * answers what the address answered. The service itself cannot be asked to deliver.
   */
  'webhooks.test': op(
    z.strictObject({ id: webhookId }),
    z.object({ submissionId: z.string(), answered: z.number().int() }),
  ),
  /** Drops the record without asking the service. */
  'webhooks.forget': op(z.strictObject({ id: webhookId }), z.object({ forgotten: z.boolean() })),
  /**
   * Starts the receiver, or updates the running one. `publicUrl` is the origin of a tunnel (ngrok,
   * cloudflared…) to the receiver's port, for services that cannot reach this computer; null
   * removes it, absent keeps it.
   */
  'webhooks.receiver.start': op(
    z.strictObject({ publicUrl: WebhookUrl.nullable().optional() }),
    ReceiverStatus,
  ),
  /** Stops listening; answers the webhooks still pointing at it so they can be deleted. */
  'webhooks.receiver.stop': op(
    z.strictObject({}),
    z.object({ stopped: z.boolean(), pointingAtIt: z.array(WebhookRecord) }),
  ),
  'webhooks.receiver.status': op(z.strictObject({}), ReceiverStatus),
  'webhooks.deliveries': op(
    z.strictObject({
      /** One delivery with its payload; without it, the latest ones without payloads. */
      deliveryId: z.string().min(1).max(100).optional(),
      limit: z.number().int().min(1).max(500).default(200),
    }),
    z.object({ deliveries: z.array(Delivery) }),
  ),
};

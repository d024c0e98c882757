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

/**
 * A create whose id Formdesk never learnt, recorded before it was sent. `sending`: out now;
 * `uncertain`: its answer was lost, or the core stopped during the call, so the service may hold a
 * webhook that delivers to `url` and that nothing can list or remove; `exists`: a delivery to the
 * test receiver proved it, and its id is still unknown.
 */
export const UncertainWebhook = z.object({
  attemptId: z.string(),
  formId: z.string(),
  url: z.string(),
  workspaceId: z.string(),
  sentAt: z.string(),
  state: z.enum(['sending', 'uncertain', 'exists']),
  /** `answerLost`: timeout, reset or 5xx; `interrupted`: the core stopped before the answer. */
  cause: z.enum(['answerLost', 'interrupted']).nullable(),
  settledAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  receiver: z.enum(['running', 'stopped']).nullable(),
});
export type UncertainWebhook = z.infer<typeof UncertainWebhook>;

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
const attemptId = z.string().min(1).max(100);

export const webhookOps = {
  'webhooks.list': op(
    z.strictObject({ formId: formId.optional() }),
    z.object({ webhooks: z.array(WebhookRecord), uncertain: z.array(UncertainWebhook) }),
  ),
  /**
   * The service does not dedupe: a second webhook for the same form and url answers `duplicates`
   * (and `uncertain`, creates that may have made one) and creates nothing until asked again with
   * `confirmDuplicate`. A create whose answer is lost fails `outcomeUnknown` and stays listed in
   * `uncertain`; it is never sent again by itself.
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
      z.object({
        created: z.literal(false),
        duplicates: z.array(WebhookRecord),
        uncertain: z.array(UncertainWebhook),
      }),
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
  /** Drops an uncertain create's record: whatever it may have made stays at the service. */
  'webhooks.uncertain.forget': op(
    z.strictObject({ attemptId }),
    z.object({ forgotten: z.boolean() }),
  ),
  /** Completes an uncertain create with the id the service's support gave, into the registry. */
  'webhooks.uncertain.adopt': op(z.strictObject({ attemptId, id: webhookId }), WebhookRecord),
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

import { randomUUID } from 'node:crypto';
import { type Delivery } from '../../shared/contract/webhooks';
import { isAppError } from '../../shared/errors';
import { requirePathId } from '../api/params';
import { parseDeliveryBody } from './deliveryPayload';
import { DeliveryLog } from './deliveryLog';
import { startReceiverServer, type IncomingDelivery } from './receiverServer';

export interface TestReceiverOptions {
  workspaceId: string;
  /** Larger bodies are answered 413; a submission with many file answers stays far below. */
  maxBodyBytes?: number;
  /** How many deliveries are kept for the list. */
  capacity?: number;
  /**
   * Reads a first-seen submission back from the service and writes what the service holds to the
   * cache; answers whether it did. Throws NOT_FOUND when the service has no such submission.
   */
  store(formId: string, submissionId: string): Promise<boolean>;
  /** Told of every logged delivery (accepted or not), after it is in the log. */
  onDelivery(delivery: Delivery): void;
}

export interface TestReceiver {
  readonly id: string;
  readonly url: string;
  readonly startedAt: string;
  readonly workspaceId: string;
  readonly log: DeliveryLog;
  /** Where a tunnel from the internet ends up here (`https://…`, no path), when one is set. */
  readonly publicUrl: string | null;
  setPublicUrl(publicUrl: string | null): void;
  /**
   * The address for one form's webhook, through the tunnel when one is set. Bare submissions sent
   * there are still attributed to the form.
   */
  urlFor(formId: string): string;
  /** Whether a webhook url points at this receiver, directly or through its tunnel. */
  owns(url: string): boolean;
  /** The form whose address at this receiver a webhook url is; null when it is not one. */
  formAt(url: string): string | null;
  stop(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * A receiver on this machine for trying webhooks without deploying a server: it logs what arrives
 * and writes new submissions into the cache, so tables update as respondents submit. The service
 * signs nothing and anyone who learns the address can post to it, so a delivery is only a hint:
 * the form is the one whose address it came to, and what is cached is what the service answers
 * when the submission is read back, never the body as sent.
 */
export async function startTestReceiver(options: TestReceiverOptions): Promise<TestReceiver> {
  const id = randomUUID();
  const log = new DeliveryLog(options.capacity ?? 500);

  const record = async (incoming: IncomingDelivery): Promise<Delivery & { payload: unknown }> => {
    const base = {
      deliveryId: randomUUID(),
      receiverId: id,
      receivedAt: new Date().toISOString(),
      bytes: incoming.bytes,
      duplicate: false,
      cached: false,
    };
    if (incoming.kind === 'tooLarge') {
      return {
        ...base,
        status: 'rejected',
        shape: null,
        formId: incoming.formIdFromPath,
        formName: null,
        submissionId: null,
        problem: `The body is larger than ${Math.round((options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) / 1024)} KiB.`,
        payload: null,
      };
    }
    const parsed = parseDeliveryBody(incoming.text);
    if (!parsed.ok) {
      return {
        ...base,
        status: 'rejected',
        shape: null,
        formId: incoming.formIdFromPath,
        formName: null,
        submissionId: null,
        problem: parsed.problem,
        payload: parsed.payload,
      };
    }
    const formId = incoming.formIdFromPath ?? parsed.formId;
    const submissionId = parsed.submission.submissionId;
    if (!isPlainId(submissionId) || (formId !== null && !isPlainId(formId))) {
      return {
        ...base,
        status: 'rejected',
        shape: null,
        formId: null,
        formName: null,
        submissionId: null,
        problem: 'The body names an id the service never gives (a dot segment or a slash).',
        payload: parsed.payload,
      };
    }
    const duplicate = log.markSeen(formId, submissionId);
    let cached = false;
    let problem: string | null =
      parsed.formId !== null && formId !== parsed.formId
        ? `The body names form ${parsed.formId}; it came to form ${formId}'s address, which decides.`
        : null;
    if (formId === null) {
      problem = 'No form id in the body or the address: not written to the cache.';
    } else if (!duplicate) {
      try {
        cached = await options.store(formId, submissionId);
      } catch (error) {
        // The sender is not to blame for the cache: the delivery is still accepted and listed.
        problem =
          isAppError(error) && error.code === 'NOT_FOUND'
            ? `The service has no submission ${submissionId} in this form: not written to the cache.`
            : 'The submission could not be read back from the service: not written to the cache.';
      }
    }
    return {
      ...base,
      status: 'accepted',
      shape: parsed.shape,
      formId,
      formName: parsed.formName,
      submissionId,
      duplicate,
      cached,
      problem,
      payload: parsed.payload,
    };
  };

  const server = await startReceiverServer({
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    onDelivery: async (incoming) => {
      const delivery = await record(incoming);
      log.add(delivery);
      const { payload: _payload, ...summary } = delivery;
      options.onDelivery(summary);
      if (incoming.kind === 'tooLarge') return 413;
      return delivery.status === 'accepted' ? 200 : 400;
    },
  });

  // A tunnel forwards the path unchanged: the secret token travels with it.
  const path = new URL(server.url).pathname;
  let publicUrl: string | null = null;
  const bases = () => [server.url, ...(publicUrl === null ? [] : [`${publicUrl}${path}`])];

  return {
    id,
    url: server.url,
    startedAt: new Date().toISOString(),
    workspaceId: options.workspaceId,
    log,
    get publicUrl() {
      return publicUrl;
    },
    setPublicUrl: (value) => {
      publicUrl = value === null ? null : new URL(value).origin;
    },
    urlFor: (formId) => `${bases().at(-1)}/${encodeURIComponent(formId)}`,
    owns: (url) => bases().some((base) => url === base || url.startsWith(`${base}/`)),
    formAt: (url) => {
      const base = bases().find((b) => url.startsWith(`${b}/`));
      if (base === undefined) return null;
      const [rest = ''] = url.slice(base.length + 1).split('?');
      if (rest === '' || rest.includes('/')) return null;
      try {
        return decodeURIComponent(rest);
      } catch {
        return null;
      }
    },
    stop: () => server.close(),
  };
}

function isPlainId(id: string): boolean {
  try {
    requirePathId(id, 'id');
    return true;
  } catch {
    return false;
  }
}

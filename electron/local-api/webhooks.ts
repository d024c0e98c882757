import { type Submission } from '../shared/api/submission';

export interface WebhookRecord {
  id: number;
  formId: string;
  url: string;
}

export interface DeliveryRecord {
  webhookId: number;
  url: string;
  formId: string;
  submissionId: string;
  /** HTTP status of the receiver's answer; absent when it could not be reached. */
  status?: number;
  error?: string;
  at: string;
}

const FIRST_ID = 40_001;
const DELIVERY_TIMEOUT_MS = 5_000;
const KEPT_DELIVERIES = 1_000;

/**
 * Webhooks by id. Like the service: integer ids, no dedupe of (formId, url), no list endpoint
 * (the admin surface lists them for tests).
 */
export class WebhookRegistry {
  private readonly hooks = new Map<number, WebhookRecord>();
  private next = FIRST_ID;
  private readonly log: DeliveryRecord[] = [];

  /** The id the next webhook gets. */
  get nextId(): number {
    return this.next;
  }

  add(formId: string, url: string, id: number): WebhookRecord {
    const hook = { id, formId, url };
    this.hooks.set(id, hook);
    this.next = Math.max(this.next, id + 1);
    return hook;
  }

  remove(id: number): boolean {
    return this.hooks.delete(id);
  }

  list(): WebhookRecord[] {
    return [...this.hooks.values()];
  }

  deliveries(): DeliveryRecord[] {
    return [...this.log];
  }

  /**
   * Posts `{formId, formName, submission}` to every webhook of the form, as the service does
   * when a respondent submits; resolves when every receiver answered or timed out.
   */
  async deliver(
    formId: string,
    formName: string,
    submission: Submission,
  ): Promise<DeliveryRecord[]> {
    const body = JSON.stringify({ formId, formName, submission });
    const targets = this.list().filter((hook) => hook.formId === formId);
    const records = await Promise.all(
      targets.map((hook) => post(hook, body, submission.submissionId)),
    );
    this.log.push(...records);
    this.log.splice(0, Math.max(0, this.log.length - KEPT_DELIVERIES));
    return records;
  }
}

async function post(
  hook: WebhookRecord,
  body: string,
  submissionId: string,
): Promise<DeliveryRecord> {
  const record = {
    webhookId: hook.id,
    url: hook.url,
    formId: hook.formId,
    submissionId,
    at: new Date().toISOString(),
  };
  try {
    const response = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { ...record, status: response.status };
  } catch (error) {
    return { ...record, error: error instanceof Error ? error.message : String(error) };
  }
}

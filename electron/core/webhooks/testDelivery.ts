import { webhookUrlProblem } from '../../shared/contract/webhooks';
import { AppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { type StoredWebhook } from './webhookRegistry';

/** A receiver that has not answered in this long is reported as not answering. */
const ANSWER_TIMEOUT_MS = 10_000;

export interface TestDeliveryOutcome {
  submissionId: string;
  /** The HTTP status the address answered. */
  answered: number;
}

/**
 * Posts what the service would post for a new respondent, `{formId, formName, submission}`, to a
 * webhook's address, so a person sees a receiver work without waiting for one. The service has no
 * way to trigger a delivery, so Formdesk sends it itself, with the form's newest finished
 * submission as the service holds it: a receiver that reads it back finds it.
 */
export async function sendTestDelivery(options: {
  api: ApiClient;
  webhook: StoredWebhook;
  formName: string;
  signal?: AbortSignal;
}): Promise<TestDeliveryOutcome> {
  const { api, webhook, formName } = options;
  // Adopted webhooks were typed in and never held to the rule for addresses Formdesk posts to.
  const problem = webhookUrlProblem(webhook.url);
  if (problem !== null) throw new AppError('INVALID_INPUT', problem);
  const { responses } = await api.listSubmissions(
    webhook.formId,
    { limit: 1, sort: 'desc', status: 'finished' },
    { priority: 'interactive', signal: options.signal },
  );
  const submission = responses[0];
  if (submission === undefined) {
    throw new AppError(
      'CONFLICT',
      `${formName} has no finished submission yet to send as a test. One will be delivered when a respondent submits.`,
    );
  }
  const body = JSON.stringify({ formId: webhook.formId, formName, submission });
  let response: Response;
  try {
    response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.any([
        AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        ...(options.signal ? [options.signal] : []),
      ]),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new AppError(
      timedOut ? 'TIMEOUT' : 'NETWORK',
      timedOut
        ? `${new URL(webhook.url).host} did not answer the test delivery within ${ANSWER_TIMEOUT_MS / 1000} seconds.`
        : `Nothing answered at ${new URL(webhook.url).host}: check the address, and that the receiver is running.`,
      { retryable: true, cause: error },
    );
  }
  await response.body?.cancel();
  return { submissionId: submission.submissionId, answered: response.status };
}

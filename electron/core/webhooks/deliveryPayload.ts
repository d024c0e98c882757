import { Submission } from '../../shared/api/submission';

/** What a delivery body turned out to be. */
export type ParsedDelivery =
  | {
      ok: true;
      shape: 'envelope' | 'submission' | 'string';
      formId: string | null;
      formName: string | null;
      submission: Submission;
      payload: unknown;
    }
  | { ok: false; problem: string; payload: unknown };

/**
 * Reads a webhook body the way receivers in the wild must: the service's
 * `{formId, formName, submission}`, a bare submission (some relays unwrap it), or either of those
 * JSON-encoded inside a JSON string (relays that double-encode).
 */
export function parseDeliveryBody(text: string): ParsedDelivery {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'The body is not JSON.', payload: text };
  }
  let shape: 'envelope' | 'submission' | 'string' | null = null;
  let value = payload;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
      shape = 'string';
    } catch {
      return { ok: false, problem: 'The body is a string that does not hold JSON.', payload };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'The body is not a JSON object.', payload };
  }
  const record = value as Record<string, unknown>;
  const wrapped = 'submission' in record;
  const submission = Submission.safeParse(wrapped ? record.submission : record);
  if (!submission.success) {
    const issue = submission.error.issues[0];
    const where = issue
      ? [...(wrapped ? ['submission'] : []), ...issue.path.map(String)].join('.')
      : '';
    return {
      ok: false,
      problem: `No submission found in the body${where ? ` (${where}: ${issue?.message})` : ''}.`,
      payload,
    };
  }
  return {
    ok: true,
    shape: shape ?? (wrapped ? 'envelope' : 'submission'),
    formId:
      wrapped && typeof record.formId === 'string' && record.formId !== '' ? record.formId : null,
    formName: wrapped && typeof record.formName === 'string' ? record.formName : null,
    submission: submission.data,
    payload,
  };
}

import { type LocalForm } from '../shared/api/localApi';
import {
  type CreateSubmission,
  type PaymentValue,
  processorField,
  type ProcessorField,
  type Submission,
} from '../shared/api/submission';
import { applyDerived } from './derived';

const PROCESSOR_FIELDS: readonly ProcessorField[] = [
  'CustomerId',
  'CustomerUrl',
  'PaymentUrl',
  'SubscriptionId',
];

/**
 * A submission as the service stores one sent to the create endpoint: every question of the form
 * (null when not sent), names filled in from the form, payment fields under the processor's real
 * names (`stripe…`, whichever spelling was sent), calculations and quiz score derived.
 */
export function createdSubmission(
  form: LocalForm,
  input: CreateSubmission,
  id: string,
  now: Date,
): Submission {
  const sent = new Map(input.questions.map((q) => [q.id, q.value]));
  const submissionTime = input.submissionTime
    ? new Date(input.submissionTime).toISOString()
    : now.toISOString();
  const nameOf = (fields: readonly { id: string; name: string }[] | undefined, id: string) =>
    fields?.find((f) => f.id === id)?.name ?? id;
  const urlParameters = form.urlParameters?.map((p) => ({
    id: p.id,
    name: p.name,
    value: input.urlParameters?.find((u) => u.id === p.id || u.name === p.name)?.value ?? '',
  }));
  const submission: Submission = {
    submissionId: id,
    submissionTime,
    lastUpdatedAt: input.lastUpdatedAt
      ? new Date(input.lastUpdatedAt).toISOString()
      : submissionTime,
    questions: form.questions.map((q) => ({
      id: q.id,
      name: q.name,
      type: q.type,
      value: sent.get(q.id) ?? null,
    })),
    ...(urlParameters ? { urlParameters } : {}),
    ...(input.scheduling
      ? {
          scheduling: input.scheduling.map((s) => ({
            id: s.id,
            name: nameOf(form.scheduling, s.id),
            value: s.value,
          })),
        }
      : {}),
    ...(input.payments
      ? {
          payments: input.payments.map((p) => ({
            id: p.id,
            name: nameOf(form.payments, p.id),
            value: withProcessorNames(p.value),
          })),
        }
      : {}),
    ...(input.login ? { login: input.login } : {}),
  };
  return applyDerived(form, submission);
}

function withProcessorNames(value: PaymentValue): PaymentValue {
  const out: PaymentValue = { ...value };
  for (const field of PROCESSOR_FIELDS) {
    const given = processorField(value, field);
    delete out[`processor${field}`];
    if (given !== undefined) out[`stripe${field}`] = given;
  }
  return out;
}

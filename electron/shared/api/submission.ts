import { z } from 'zod';

// Wire shapes of the service (electron/local-api/README.md, "Submissions"). Every object is loose:
// fields the service adds later are kept as they came, never a reason to fail.

const isoDateTime = z.string();

export const QuestionAnswer = z.looseObject({
  id: z.string(),
  name: z.string(),
  /** Open list: unknown types are kept and shown as raw JSON. */
  type: z.string(),
  value: z.unknown(),
});
export type QuestionAnswer = z.infer<typeof QuestionAnswer>;

export const CalculationAnswer = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  value: z.string().nullable(),
});
export type CalculationAnswer = z.infer<typeof CalculationAnswer>;

export const UrlParameter = z.looseObject({
  id: z.string(),
  name: z.string(),
  value: z.string().nullable(),
});
export type UrlParameter = z.infer<typeof UrlParameter>;

export const SchedulingValue = z.looseObject({
  fullName: z.string().optional(),
  email: z.string().optional(),
  timezone: z.string().optional(),
  eventStartTime: isoDateTime.optional(),
  eventEndTime: isoDateTime.optional(),
  eventId: z.string().optional(),
  eventUrl: z.string().optional(),
  rescheduleOrCancelUrl: z.string().optional(),
  userId: z.number().optional(),
  scheduledUserEmail: z.string().optional(),
  meetingNotes: z.string().optional(),
});
export type SchedulingValue = z.infer<typeof SchedulingValue>;

export const SchedulingAnswer = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  value: SchedulingValue,
});
export type SchedulingAnswer = z.infer<typeof SchedulingAnswer>;

/**
 * The service names its payment processor in four fields (`stripeCustomerId`, …); the interface
 * document writes them `processor…`. Both spellings are read; `processorField` picks either.
 */
export const PaymentValue = z.looseObject({
  paymentId: z.string().optional(),
  stripeCustomerId: z.string().optional(),
  stripeCustomerUrl: z.string().optional(),
  stripePaymentUrl: z.string().optional(),
  stripeSubscriptionId: z.string().optional(),
  processorCustomerId: z.string().optional(),
  processorCustomerUrl: z.string().optional(),
  processorPaymentUrl: z.string().optional(),
  processorSubscriptionId: z.string().optional(),
  totalAmount: z.number().optional(),
  currency: z.string().optional(),
  email: z.string().optional(),
  status: z.string().optional(),
  discountCode: z.string().optional(),
});
export type PaymentValue = z.infer<typeof PaymentValue>;

export type ProcessorField = 'CustomerId' | 'CustomerUrl' | 'PaymentUrl' | 'SubscriptionId';

export function processorField(value: PaymentValue, field: ProcessorField): string | undefined {
  return value[`stripe${field}`] ?? value[`processor${field}`];
}

export const PaymentAnswer = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  value: PaymentValue,
});
export type PaymentAnswer = z.infer<typeof PaymentAnswer>;

export const Quiz = z.looseObject({ score: z.number(), maxScore: z.number() });
export const Login = z.looseObject({ email: z.string() });

/** A submission as the service returns it (list entry, single read, webhook delivery). */
export const Submission = z.looseObject({
  submissionId: z.string().min(1),
  submissionTime: isoDateTime,
  lastUpdatedAt: isoDateTime.optional(),
  startedAt: isoDateTime.optional(),
  questions: z.array(QuestionAnswer),
  calculations: z.array(CalculationAnswer).optional(),
  urlParameters: z.array(UrlParameter).optional(),
  scheduling: z.array(SchedulingAnswer).optional(),
  payments: z.array(PaymentAnswer).optional(),
  quiz: Quiz.optional(),
  login: Login.optional(),
  editLink: z.string().optional(),
});
export type Submission = z.infer<typeof Submission>;

/** A submission as sent to the create endpoint: questions by id, no names, no calculations. */
export const CreateSubmission = z.object({
  questions: z.array(z.object({ id: z.string().min(1), value: z.unknown() })),
  urlParameters: z
    .array(z.object({ id: z.string(), name: z.string(), value: z.string() }))
    .optional(),
  submissionTime: isoDateTime.optional(),
  lastUpdatedAt: isoDateTime.optional(),
  scheduling: z.array(z.object({ id: z.string(), value: SchedulingValue })).optional(),
  payments: z.array(z.object({ id: z.string(), value: PaymentValue })).optional(),
  login: z.object({ email: z.string() }).optional(),
});
export type CreateSubmission = z.infer<typeof CreateSubmission>;

import { type LocalForm } from '../shared/api/localApi';
import {
  type PaymentAnswer,
  type QuestionAnswer,
  type SchedulingAnswer,
  type Submission,
} from '../shared/api/submission';
import { generateAnswer } from './answers';
import { applyDerived } from './derived';
import { makePerson, type Person } from './people';
import { mix, Rng } from './random';

/** A change made after the row was generated (an edit in the service's own editor). */
export interface RowEdit {
  lastUpdatedAt: string;
  answers: Record<string, unknown>;
}

export interface RowFacts {
  id: string;
  time: number;
  inProgress: boolean;
}

/**
 * A tenth of the rows were edited in the service's own editor, up to this many hours after they
 * were sent. A new store's generated rows end this long before it is made, so none was edited
 * later than that.
 */
const EDITED_WITHIN_HOURS = 72;
const HOUR_MS = 3_600_000;
export const EDITED_WITHIN_MS = EDITED_WITHIN_HOURS * HOUR_MS;

const PAYMENT_STATUSES = [
  'succeeded',
  'succeeded',
  'succeeded',
  'succeeded',
  'processing',
  'requires_capture',
  'canceled',
  'requires_action',
  'trial_created',
  '',
] as const;
const UTM_SOURCES = ['newsletter', 'google', 'linkedin', 'partner-site', 'direct'] as const;
/** Ticket prices in US cents, converted to each currency's minor unit below. */
const TICKET_PRICES: Record<string, number> = {
  'General admission': 12_000,
  VIP: 45_000,
  Student: 4_500,
  Speaker: 0,
};
const MINOR_UNITS_PER_USD_CENT: Record<string, number> = {
  usd: 1,
  cad: 1.37,
  gbp: 0.79,
  eur: 0.92,
  pln: 4,
  jpy: 1.5,
  aud: 1.52,
};

/** Rebuilds generated row `index` of a form from the seed: same input, same submission. */
export function generateSubmission(
  form: LocalForm,
  formSeed: number,
  index: number,
  facts: RowFacts,
  edit?: RowEdit,
): Submission {
  const rng = new Rng(mix(formSeed, index));
  const person = makePerson(rng);
  const { time, inProgress } = facts;
  // Every value is drawn whatever the row's state, so that an edit or finishing an unfinished
  // row changes only what it should: the rest of the row draws the same numbers.
  const stopsAt = rng.int(1, Math.max(1, form.questions.length - 1));
  // An unfinished row stops somewhere in the middle of the form.
  const answeredCount = inProgress ? stopsAt : form.questions.length;
  const questions: QuestionAnswer[] = form.questions.map((question, i) => {
    const drawn = generateAnswer(question, { rng, person, time });
    const generated = i < answeredCount ? drawn : null;
    const edited = edit && Object.hasOwn(edit.answers, question.id);
    return {
      id: question.id,
      name: question.name,
      type: question.type,
      value: edited ? edit.answers[question.id] : generated,
    };
  });
  const startedAt = time - rng.int(45, 1_800) * 1000;
  const updatedAt = rng.chance(0.1) ? time + rng.int(1, EDITED_WITHIN_HOURS) * HOUR_MS : time;
  const lastUpdatedAt = edit?.lastUpdatedAt ?? new Date(updatedAt).toISOString();
  const payment = form.payments?.length
    ? paymentsFor(form, rng, person, questions, inProgress)
    : undefined;
  const submission: Submission = {
    submissionId: facts.id,
    submissionTime: new Date(time).toISOString(),
    lastUpdatedAt,
    startedAt: new Date(startedAt).toISOString(),
    questions,
    ...(form.urlParameters?.length
      ? {
          urlParameters: form.urlParameters.map((p) => ({
            id: p.id,
            name: p.name,
            value:
              p.id === 'utm_source'
                ? rng.pick(UTM_SOURCES)
                : rng.chance(0.5)
                  ? `${p.id}-${rng.int(1, 40)}`
                  : '',
          })),
        }
      : {}),
    ...(form.scheduling?.length ? { scheduling: schedulingFor(form, rng, person, time) } : {}),
    ...(payment ? { payments: payment } : {}),
    ...(form.login ? { login: { email: person.email } } : {}),
    ...(payment?.some((p) => p.value.status === 'succeeded')
      ? { documents: [invoiceFor(rng, index)] }
      : {}),
  };
  return applyDerived(form, submission);
}

function schedulingFor(
  form: LocalForm,
  rng: Rng,
  person: Person,
  time: number,
): SchedulingAnswer[] {
  return (form.scheduling ?? []).map((field) => {
    const start = Math.floor((time + rng.int(1, 21) * 86_400_000) / 1_800_000) * 1_800_000;
    const eventId = rng.hex(20);
    return {
      id: field.id,
      name: field.name,
      value: {
        fullName: person.fullName,
        email: person.email,
        timezone: person.place.timezone,
        eventStartTime: new Date(start).toISOString(),
        eventEndTime: new Date(start + 30 * 60_000).toISOString(),
        eventId,
        eventUrl: `https://calendar.formdesk.example/event/${eventId}`,
        rescheduleOrCancelUrl: `https://calendar.formdesk.example/reschedule/${eventId}`,
        userId: rng.int(1000, 9999),
        scheduledUserEmail: rng.pick(['events@formdesk.example', 'hello@formdesk.example']),
        ...(rng.chance(0.4) ? { meetingNotes: 'Wants to discuss a group discount.' } : {}),
      },
    };
  });
}

function paymentsFor(
  form: LocalForm,
  rng: Rng,
  person: Person,
  questions: QuestionAnswer[],
  inProgress: boolean,
): PaymentAnswer[] {
  const ticket = questions.find(
    (q) => typeof q.value === 'string' && Object.hasOwn(TICKET_PRICES, q.value),
  )?.value;
  const usdCents = TICKET_PRICES[String(ticket)] ?? rng.int(10, 200) * 100;
  const currency = person.place.currency;
  const totalAmount = Math.round(usdCents * (MINOR_UNITS_PER_USD_CENT[currency] ?? 1));
  return (form.payments ?? []).map((field) => {
    const paymentId = `pi_${rng.hex(24)}`;
    const customerId = `cus_${rng.hex(14)}`;
    const drawnStatus = rng.pick(PAYMENT_STATUSES);
    const status = inProgress
      ? 'requires_payment_method'
      : totalAmount === 0
        ? 'succeeded_free'
        : drawnStatus;
    return {
      id: field.id,
      name: field.name,
      value: {
        paymentId,
        stripeCustomerId: customerId,
        stripeCustomerUrl: `https://dashboard.stripe.com/customers/${customerId}`,
        stripePaymentUrl: `https://dashboard.stripe.com/payments/${paymentId}`,
        totalAmount,
        currency,
        email: person.email,
        status,
        ...(rng.chance(0.15)
          ? { discountCode: rng.pick(['EARLYBIRD', 'STUDENT10', 'TEAM5']) }
          : {}),
        ...(status === 'trial_created' ? { stripeSubscriptionId: `sub_${rng.hex(14)}` } : {}),
      },
    };
  });
}

/** `documents` is seen upstream but not in the interface: clients must keep it. */
function invoiceFor(rng: Rng, index: number): { id: string; name: string; url: string } {
  const number = `INV-2026-${String(index + 1).padStart(6, '0')}`;
  return {
    id: `doc_${rng.hex(12)}`,
    name: `${number}.pdf`,
    url: `https://files.formdesk.example/invoices/${number}.pdf`,
  };
}

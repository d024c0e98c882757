import { type LocalQuestion } from '../shared/api/localApi';
import { type Person } from './people';
import { type Rng } from './random';

/** What an answer may depend on: the row's randomness, its respondent and when it was sent. */
export interface AnswerContext {
  rng: Rng;
  person: Person;
  /** submissionTime in ms since the epoch. */
  time: number;
}

const FILES_HOST = 'https://files.formdesk.example';
const DAY_MS = 86_400_000;

const DEFAULT_OPTIONS: Record<string, readonly string[]> = {
  Checkboxes: ['Email', 'Phone', 'Text message', 'Post'],
  MultiSelect: ['Design', 'Engineering', 'Marketing', 'Sales', 'Support'],
  Ranking: ['Price', 'Quality', 'Speed', 'Support'],
  Dropdown: ['Option A', 'Option B', 'Option C'],
  MultipleChoice: ['Yes', 'No', 'Not sure'],
  ImagePicker: ['Sunrise', 'Forest', 'Ocean', 'City'],
  Matrix: ['Overall'],
};
const MATRIX_SCALE = ['Poor', 'Fair', 'Good', 'Excellent'] as const;
const SHORT_TEXTS = [
  'Saw an ad',
  'A friend told me',
  'Conference booth',
  'Search engine',
  'Newsletter',
  'Podcast sponsorship',
  'LinkedIn post',
  'Returning customer',
] as const;
const LONG_TEXTS = [
  'Checkout was quick, but the confirmation e-mail took a while to arrive.',
  'Love the new dashboard! Exporting to CSV saved me an hour every week.',
  'The mobile layout cuts off the last column of the pricing table.',
  'Support answered within minutes and solved the billing issue on the spot.',
  'Please add a dark mode; I use it late in the evening.',
  'Vegetarian meal please, and a seat near the stage if possible.',
  'Delivery arrived two days late and the box was damaged. Refund was smooth though.',
  'Naïve question maybe: can I change my plan mid-cycle? Danke!',
  'Everything worked as expected. 10/10 would recommend to colleagues.',
  'The onboarding video skipped the part about team permissions.',
] as const;
const COLORS = ['#1e88e5', '#43a047', '#e53935', '#fdd835', '#8e24aa', '#00897b'] as const;

/** A realistic value for a question, by its type; unknown types get a plain string. */
export function generateAnswer(question: LocalQuestion, ctx: AnswerContext): unknown {
  const { rng, person, time } = ctx;
  const options =
    question.options ?? DEFAULT_OPTIONS[question.type] ?? DEFAULT_OPTIONS.Dropdown ?? [];
  switch (question.type) {
    case 'ShortAnswer':
      return shortAnswer(question.name, ctx);
    case 'LongAnswer':
      return rng.pick(LONG_TEXTS);
    case 'EmailInput':
      return person.email;
    case 'PhoneNumber':
      return person.phone;
    case 'URLInput':
      return `https://www.${person.company.toLowerCase().replace(/[^a-z]/g, '')}.example/`;
    case 'Password':
      // The service never returns a password in clear.
      return '********';
    case 'NumberInput':
      return rng.int(1, 12);
    case 'CurrencyInput':
      return rng.int(500, 50_000) / 100;
    case 'Slider':
      return question.min === undefined && question.max === undefined
        ? rng.int(0, 10) * 10
        : rng.int(question.min ?? 0, question.max ?? 100);
    case 'StarRating':
      return rng.int(question.min ?? 1, question.max ?? 5);
    case 'OpinionScale':
      return rng.int(question.min ?? 0, question.max ?? 10);
    case 'Checkbox':
    case 'Switch':
      return rng.chance(0.6);
    case 'Captcha':
      return 'verified';
    case 'Dropdown':
    case 'MultipleChoice':
    case 'ImagePicker':
      return rng.pick(options);
    case 'Checkboxes':
    case 'MultiSelect':
      return rng.sample(options, rng.int(1, Math.min(3, options.length)));
    case 'Ranking':
      return rng.shuffle(options);
    case 'ColorPicker':
      return rng.pick(COLORS);
    case 'DatePicker':
      return isoDate(time + rng.int(3, 60) * DAY_MS);
    case 'DateTimePicker':
      return new Date(roundToHour(time + rng.int(1, 30) * DAY_MS)).toISOString();
    case 'TimePicker':
      return `${String(rng.int(8, 18)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}`;
    case 'DateRange': {
      const start = time + rng.int(7, 90) * DAY_MS;
      return { start: isoDate(start), end: isoDate(start + rng.int(1, 6) * DAY_MS) };
    }
    case 'Address':
      return {
        address: person.street,
        city: person.place.city,
        state: person.place.state,
        zipCode: person.place.zipCode,
        country: person.place.country,
      };
    case 'LocationCoordinates':
      return {
        latitude: round(person.place.latitude + (rng.next() - 0.5) / 50, 6),
        longitude: round(person.place.longitude + (rng.next() - 0.5) / 50, 6),
      };
    case 'Matrix':
      return Object.fromEntries(options.map((row) => [row, rng.pick(MATRIX_SCALE)]));
    case 'FileUpload':
      return Array.from({ length: rng.int(1, 2) }, (_, i) =>
        fileObject(
          rng,
          `${rng.pick(['receipt', 'photo', 'screenshot', 'invoice'])}-${i + 1}.${rng.pick(['png', 'jpg', 'pdf'])}`,
        ),
      );
    case 'Signature':
      return [fileObject(rng, 'signature.png')];
    case 'AudioRecording':
      return [fileObject(rng, 'recording.webm')];
    case 'Calcom':
    case 'Calendly': {
      const start = roundToHour(time + rng.int(1, 14) * DAY_MS);
      return {
        eventStartTime: new Date(start).toISOString(),
        eventEndTime: new Date(start + 1_800_000).toISOString(),
      };
    }
    case 'RecordPicker':
    case 'SubmissionPicker':
      return [`rec${rng.hex(14)}`];
    case 'Payment':
      return 'succeeded';
    case 'Subform':
    case 'Table':
      return Array.from({ length: rng.int(1, 3) }, () => ({
        Item: rng.pick(['Laptop stand', 'USB-C hub', 'Desk lamp', 'Notebook']),
        Quantity: rng.int(1, 4),
      }));
    default:
      return question.options ? rng.pick(question.options) : rng.pick(SHORT_TEXTS);
  }
}

/** ShortAnswer questions are free text; their title tells what a person would type. */
function shortAnswer(title: string, { rng, person }: AnswerContext): string {
  if (/company|organi[sz]ation/i.test(title)) return person.company;
  if (/first name/i.test(title)) return person.firstName;
  if (/last name|surname/i.test(title)) return person.lastName;
  if (/name/i.test(title)) return person.fullName;
  if (/job|role|title/i.test(title)) return person.jobTitle;
  if (/city|town/i.test(title)) return person.place.city;
  return rng.pick(SHORT_TEXTS);
}

function fileObject(rng: Rng, filename: string): { url: string; filename: string } {
  return { url: `${FILES_HOST}/uploads/${rng.hex(24)}/${filename}`, filename };
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function roundToHour(ms: number): number {
  return Math.floor(ms / 3_600_000) * 3_600_000;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

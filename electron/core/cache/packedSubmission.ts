import { type ByteSink } from './byteSink';
import { reusedDeflateRaw, reusedInflateRaw } from './reusedZlib';

/**
 * A submission as the cache keeps it: its JSON exactly as the service sent it, deflated against a
 * preset dictionary of the service's own words (field names, question types). Most of a row's
 * bytes are those words, repeated for every answer; a row alone is too short for deflate to learn
 * them, so without the dictionary it saves little. The dictionary holds no respondent's text, so
 * erasing a person's rows erases everything the cache held of them.
 *
 * The first byte names the format, so a later dictionary can be read beside this one.
 */
const FORMAT = 1;

/** Deflate finds a match nearer the dictionary's end in fewer bits: the commonest words go last. */
const DICTIONARY = Buffer.from(
  [
    '"scheduling":[{"id":"","name":"","value":{"fullName":"","email":"","timezone":"","eventStartTime":"","eventEndTime":"","eventId":"","eventUrl":"","rescheduleOrCancelUrl":"","meetingNotes":""}}]',
    '"payments":[{"id":"","name":"","value":{"paymentId":"","totalAmount":,"currency":"","email":"","status":"","discountCode":""}}]',
    '"quiz":{"score":,"maxScore":},"login":{"email":""}',
    '"urlParameters":[{"id":"","name":"","value":""}]',
    '"calculations":[{"id":"","name":"","type":"","value":""}]',
    '"type":"Address","value":{"address":"","city":"","state":"","zip":"","country":""}}',
    '"type":"FileUpload","value":[{"url":"","name":"","size":,"mimeType":""}]}',
    '"type":"DateRange","value":{"from":"","to":""}}',
    '"type":"Matrix","value":[{"row":"","column":""}]}',
    ...[
      'Signature',
      'Ranking',
      'OpinionScale',
      'Slider',
      'Switch',
      'Checkbox',
      'TimePicker',
      'DateTimePicker',
      'CurrencyInput',
      'URLInput',
      'MultiSelect',
      'Checkboxes',
      'MultipleChoice',
      'NumberInput',
      'DatePicker',
      'StarRating',
      'Dropdown',
      'PhoneNumber',
      'EmailInput',
      'LongAnswer',
      'ShortAnswer',
    ].map((type) => `{"id":"","name":"","type":"${type}","value":""},`),
    'T00:00:00.000Z","',
    '{"submissionId":"","submissionTime":"","lastUpdatedAt":"","startedAt":"","questions":[{"id":"","name":"","type":"","value":""},',
  ].join(''),
);

const deflate = reusedDeflateRaw(DICTIONARY);
const inflate = reusedInflateRaw(DICTIONARY);

/** The stored bytes of a submission's JSON text. */
export function packSubmission(json: string): Buffer {
  const deflated = deflate(Buffer.from(json, 'utf8'));
  const packed = Buffer.allocUnsafe(deflated.length + 1);
  packed[0] = FORMAT;
  deflated.copy(packed, 1);
  return packed;
}

/** A stored submission's JSON as UTF-8 bytes. */
export function unpackedBytes(packed: Uint8Array): Buffer {
  return inflate(deflated(packed));
}

/** A stored submission's JSON as UTF-8 bytes, written into an answer after the bytes it holds. */
export function writeUnpacked(packed: Uint8Array, answer: ByteSink): void {
  inflate.into(deflated(packed), answer);
}

function deflated(packed: Uint8Array): Uint8Array {
  if (packed[0] !== FORMAT)
    throw new Error(`A cached submission is stored in an unknown format (${packed[0]}).`);
  return packed.subarray(1);
}

/** A stored submission's JSON text. */
export function unpackSubmission(packed: Uint8Array): string {
  return unpackedBytes(packed).toString('utf8');
}

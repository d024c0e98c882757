import { type RawCoding, reusedDeflateRaw, reusedInflateRaw } from './reusedZlib';

/**
 * A submission as the cache keeps it: its JSON exactly as the service sent it, deflated against a
 * preset dictionary of words the row repeats. Most of a row's bytes are those words, repeated for
 * every answer; a row alone is too short for deflate to learn them, so without the dictionary it
 * saves little. A row of format 1 is deflated against the service's own words (field names,
 * question types); one of format 2 against those followed by its form's (`formWords.ts`): its
 * questions' ids, names and types, named by the row's next four bytes. Neither holds any
 * respondent's text, so erasing a person's rows erases everything the cache held of them.
 */
const SHARED = 1;
const OWN = 2;
/** Bytes before a row of format 2's deflated JSON: its format, then its words' id. */
const OWN_HEAD = 5;

/** Deflate finds a match nearer the dictionary's end in fewer bits: the commonest words go last. */
export const SHARED_WORDS = Buffer.from(
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

const deflateShared = reusedDeflateRaw(SHARED_WORDS);
/** How a stored row of format 1 is inflated. */
export const inflateShared = reusedInflateRaw(SHARED_WORDS);

/** The stored bytes of a submission's JSON text, deflated against the service's words alone. */
export function packSubmission(json: string): Buffer {
  return packed(deflateShared(Buffer.from(json, 'utf8')), 1, (head) => (head[0] = SHARED));
}

/** The stored bytes of a submission's JSON text, deflated against words `words` names. */
export function packWithWords(json: string, words: number, deflate: RawCoding): Buffer {
  return packed(deflate(Buffer.from(json, 'utf8')), OWN_HEAD, (head) => {
    head[0] = OWN;
    head.writeUInt32LE(words, 1);
  });
}

function packed(deflated: Buffer, headLength: number, head: (bytes: Buffer) => void): Buffer {
  const bytes = Buffer.allocUnsafe(headLength + deflated.length);
  head(bytes);
  deflated.copy(bytes, headLength);
  return bytes;
}

/**
 * Where a stored submission's deflated JSON begins, and the id of the words it was deflated
 * against beside the service's (null: the service's alone). A place, not a view of the bytes: a
 * window reads a hundred rows, and a view a row was a hundred more objects for the collector.
 */
export function packedParts(packed: Uint8Array): { words: number | null; at: number } {
  if (packed[0] === SHARED) return { words: null, at: 1 };
  if (packed[0] === OWN && packed.length >= OWN_HEAD)
    return {
      words: packed[1]! + (packed[2]! << 8) + (packed[3]! << 16) + packed[4]! * 2 ** 24,
      at: OWN_HEAD,
    };
  throw new Error(`A cached submission is stored in an unknown format (${packed[0]}).`);
}

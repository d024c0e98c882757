/**
 * Phone numbers as people type them: the same number comes as "+1 415 555 0123", "4155550123" or
 * "(415) 555-0123". Search compares their digits alone, from the national number on, so the
 * spacing, the punctuation and a country code or trunk prefix given or left out do not matter.
 */

/** Fewer digits than a subscriber number are a part of something else (a date, a code). */
const MIN_DIGITS = 7;
/** Only what a phone number is written with: digits, spaces, brackets, dots, dashes and slashes. */
const PHONE_SHAPE = /^\+?[\d\s().\-/]+$/;

/** The digits of a text written as a phone number; null for any other text. */
export function phoneDigits(text: string): string | null {
  const trimmed = text.trim();
  if (!PHONE_SHAPE.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= MIN_DIGITS ? digits : null;
}

/**
 * What a query typed as a phone number is searched for among the digits of phone answers: its
 * national number (the country code after a "+" or "00", or a leading trunk "0", taken off), which
 * the digits of the same number written any other way end with. Null when the query is no phone
 * number.
 */
export function phoneSearchDigits(query: string): string | null {
  const digits = phoneDigits(query);
  if (digits === null) return null;
  const trimmed = query.trim();
  const international = trimmed.startsWith('+')
    ? digits
    : trimmed.startsWith('00')
      ? digits.slice(2)
      : null;
  const national =
    international !== null
      ? // A trunk "0" written after the country code, as in "+44 (0)20", is no part of it.
        international.slice(countryCodeLength(international)).replace(/^0+/, '')
      : digits.length === 11 && digits.startsWith('1')
        ? // A North American number with its country code typed without the "+".
          digits.slice(1)
        : digits.replace(/^0+/, '');
  return national.length >= MIN_DIGITS ? national : digits;
}

/**
 * How many leading digits of an international number are its country code. Country codes are
 * prefix-free (ITU-T E.164): their first two digits tell their length.
 */
export function countryCodeLength(digits: string): number {
  const first = digits[0];
  const two = digits.slice(0, 2);
  switch (first) {
    case '1':
    case '7':
      return 1;
    case '2':
      return two === '20' || two === '27' ? 2 : 3;
    case '3':
      return ['30', '31', '32', '33', '34', '36', '39'].includes(two) ? 2 : 3;
    case '4':
      return two === '42' ? 3 : 2;
    case '5':
      return two === '50' || two === '59' ? 3 : 2;
    case '6':
      return two <= '66' ? 2 : 3;
    case '8':
      return ['81', '82', '84', '86'].includes(two) ? 2 : 3;
    case '9':
      return two <= '95' || two === '98' ? 2 : 3;
    default:
      return 0;
  }
}

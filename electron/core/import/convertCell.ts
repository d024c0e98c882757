import { type ColumnConversion, type DateFormat } from '../../shared/contract/imports';

/** A cell turned into what the service takes, or the reason it cannot be. */
export type Converted =
  | { ok: true; value: unknown; warning?: string }
  | { ok: false; message: string; suggestion?: string };

export const ok = (value: unknown, warning?: string): Converted =>
  warning ? { ok: true, value, warning } : { ok: true, value };
export const fail = (message: string, suggestion?: string): Converted =>
  suggestion === undefined ? { ok: false, message } : { ok: false, message, suggestion };

const CURRENCY = /^[\s€$£¥]*|[\s€$£¥]*$/g;

/** Numbers as people type them: `1,234.50`, or with a decimal comma `1.234,50` / `1 234,5`. */
export function convertNumber(raw: string, convert: ColumnConversion = {}): Converted {
  const decimal = convert.decimalSeparator ?? '.';
  const text = raw.replace(CURRENCY, '');
  const group = decimal === ',' ? "[.\\s\u00a0\u202f']" : "[,\\s\u00a0\u202f']";
  const dec = decimal === ',' ? ',' : '\\.';
  const pattern = new RegExp(`^([+-]?)(\\d{1,3}(?:${group}\\d{3})+|\\d+)?(?:${dec}(\\d+))?$`);
  const match = pattern.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) {
    const other = decimal === '.' ? ',' : '.';
    const hint = new RegExp(`^[+-]?\\d+\\${other}\\d+$`).test(text)
      ? ` If "${other}" is the decimal mark here, set the column's number format to decimal "${other}".`
      : '';
    return fail(`"${raw}" is not a number.${hint}`);
  }
  const digits = (match[2] ?? '0').replace(/\D/g, '');
  return ok(Number(`${match[1]}${digits}.${match[3] ?? '0'}`));
}

const DEFAULT_TRUE = [
  'true',
  'yes',
  'y',
  '1',
  'x',
  '✓',
  'ja',
  'oui',
  'si',
  'sí',
  'wahr',
  'vrai',
  'on',
  'checked',
];
const DEFAULT_FALSE = [
  'false',
  'no',
  'n',
  '0',
  'nein',
  'non',
  'falsch',
  'faux',
  'off',
  'unchecked',
];

export function convertBoolean(raw: string, convert: ColumnConversion = {}): Converted {
  const value = raw.trim().toLowerCase();
  const yes = (convert.trueValues ?? DEFAULT_TRUE).map((v) => v.toLowerCase());
  const no = (convert.falseValues ?? DEFAULT_FALSE).map((v) => v.toLowerCase());
  if (yes.includes(value)) return ok(true);
  if (no.includes(value)) return ok(false);
  return fail(
    `"${raw}" is neither yes nor no (accepted: ${yes.slice(0, 4).join(', ')} / ${no.slice(0, 4).join(', ')}).`,
  );
}

/** Multi-choice cells: `a; b; c` → `["a","b","c"]`, empty parts dropped. */
export function convertList(raw: string, convert: ColumnConversion = {}): Converted {
  const separator = convert.listSeparator ?? (raw.includes(';') ? ';' : ',');
  return ok(
    raw
      .split(separator)
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function convertEmail(raw: string): Converted {
  const value = raw.trim();
  return EMAIL.test(value)
    ? ok(value)
    : fail(`"${raw}" is not an e-mail address: write it as name@example.com.`);
}

const NOT_A_WEB_ADDRESS = (raw: string) =>
  `"${raw}" is not a web address: write it in full, starting with https://.`;

export function convertUrl(raw: string): Converted {
  const value = raw.trim();
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? ok(value)
      : fail(NOT_A_WEB_ADDRESS(raw));
  } catch {
    return fail(NOT_A_WEB_ADDRESS(raw));
  }
}

/** Digits with the usual separators; 6 to 15 digits (the international numbering plan's most). */
export function convertPhone(raw: string): Converted {
  const value = raw.trim();
  const digits = value.replace(/^\+/, '').replace(/[\s().\-/]/g, '');
  return /^\d{6,15}$/.test(digits) && /^\+?[\d\s().\-/]+$/.test(value)
    ? ok(value)
    : fail(
        `"${raw}" is not a phone number: write its digits, with + and the country code for a number abroad (e.g. +49 30 1234567).`,
      );
}

const TIME_OF_DAY = /^(\d{1,2})(?::(\d{2}))(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i;

/** A time of day as the service's time questions hold it, `HH:mm`: `9:30`, `09:30:00`, `2:30 pm`. */
export function convertTime(raw: string): Converted {
  const match = TIME_OF_DAY.exec(raw.trim());
  let hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  const meridiem = match?.[4]?.[0]?.toLowerCase();
  if (match && meridiem) {
    if (hour < 1 || hour > 12) hour = NaN;
    else hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  if (!match || !(hour >= 0 && hour < 24) || minute >= 60 || Number(match[3] ?? 0) >= 60)
    return fail(`"${raw}" is not a time of day: write it as 14:30 or 2:30 pm.`);
  return ok(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
}

export function convertInteger(raw: string, convert: ColumnConversion = {}): Converted {
  const number = convertNumber(raw, convert);
  if (number.ok && !Number.isInteger(number.value)) return fail(`"${raw}" is not a whole number.`);
  return number;
}

/** Structured values (Address, Matrix, files…) can only come as the JSON the service returns. */
export function convertJson(raw: string): Converted {
  try {
    return ok(JSON.parse(raw));
  } catch {
    return fail(
      `"${raw}" is not a structured answer: this question takes one (an address, a table, files…) written as JSON, as Formdesk exports it.`,
    );
  }
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  /** Minutes east of UTC when the text carried an offset or Z. */
  offset: number | null;
  hasTime: boolean;
}

const TIME = String.raw`(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,3})\d*)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?`;
const PATTERNS: Record<DateFormat, RegExp> = {
  iso: new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})${TIME}$`),
  'dd.mm.yyyy': new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`),
  'dd/mm/yyyy': new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`),
  'mm/dd/yyyy': new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`),
};
const ORDER: Record<DateFormat, [number, number, number]> = {
  // Positions of year, month, day among the first three groups.
  iso: [1, 2, 3],
  'dd.mm.yyyy': [3, 2, 1],
  'dd/mm/yyyy': [3, 2, 1],
  'mm/dd/yyyy': [3, 1, 2],
};

function parseParts(raw: string, format: DateFormat): Parts | null {
  const match = PATTERNS[format].exec(raw.trim());
  if (!match) return null;
  const [y, m, d] = ORDER[format].map((i) => Number(match[i]));
  const parts: Parts = {
    year: y!,
    month: m!,
    day: d!,
    hour: Number(match[4] ?? 0),
    minute: Number(match[5] ?? 0),
    second: Number(match[6] ?? 0),
    ms: Number((match[7] ?? '0').padEnd(3, '0')),
    offset: parseOffset(match[8]),
    hasTime: match[4] !== undefined,
  };
  const probe = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  const real =
    probe.getUTCFullYear() === parts.year &&
    probe.getUTCMonth() === parts.month - 1 &&
    probe.getUTCDate() === parts.day;
  return real && parts.hour < 24 && parts.minute < 60 && parts.second < 60 ? parts : null;
}

function parseOffset(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (text === 'Z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

function dateFailure(raw: string, format: DateFormat): Converted {
  const fits = (Object.keys(PATTERNS) as DateFormat[]).filter(
    (f) => f !== format && parseParts(raw, f),
  );
  const hint =
    fits.length > 0
      ? ` It reads as ${fits.join(' or ')}: choose that date format for the column.`
      : '';
  return fail(`"${raw}" is not a date in the ${format} format.${hint}`);
}

/** A moment, as the service's `YYYY-MM-DDTHH:mm:ss.sssZ`; wall times are read in the column's zone. */
export function convertDateTime(raw: string, convert: ColumnConversion = {}): Converted {
  const format = convert.dateFormat ?? 'iso';
  const parts = parseParts(raw, format);
  if (!parts) return dateFailure(raw, format);
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
    parts.ms,
  );
  let instant: number;
  if (parts.offset !== null) {
    instant = wall - parts.offset * 60_000;
  } else {
    const zone = convert.timeZone ?? 'UTC';
    try {
      instant = zonedToUtc(wall, zone);
    } catch {
      return fail(`"${zone}" is not a time zone Formdesk knows (use a name like Europe/Berlin).`);
    }
  }
  return ok(new Date(instant).toISOString());
}

/** A calendar date, `YYYY-MM-DD`, for date-only questions: no zone shifts it to another day. */
export function convertDate(raw: string, convert: ColumnConversion = {}): Converted {
  const format = convert.dateFormat ?? 'iso';
  const parts = parseParts(raw, format);
  if (!parts) return dateFailure(raw, format);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return ok(
    `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`,
    parts.hasTime ? `The time in "${raw}" is dropped: the question takes a date.` : undefined,
  );
}

/** The UTC instant at which clocks in `zone` show `wall` (given as if it were UTC). */
function zonedToUtc(wall: number, zone: string): number {
  const offsetAt = (instant: number) => wallClockIn(instant, zone) - instant;
  const first = wall - offsetAt(wall);
  // A second pass settles instants near a daylight-saving change.
  return wall - offsetAt(first);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockIn(instant: number, zone: string): number {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  const get = (parts: Intl.DateTimeFormatPart[], type: string) =>
    Number(parts.find((p) => p.type === type)?.value);
  const parts = formatter.formatToParts(instant);
  return Date.UTC(
    get(parts, 'year'),
    get(parts, 'month') - 1,
    get(parts, 'day'),
    get(parts, 'hour'),
    get(parts, 'minute'),
    get(parts, 'second'),
    ((instant % 1000) + 1000) % 1000,
  );
}

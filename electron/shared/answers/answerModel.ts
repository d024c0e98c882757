import { formatCoordinates } from './coordinates';
import { formatAnswerDate, formatDayRange } from './dateFormat';

/**
 * What a question's answer is, for people. The service does not document value shapes per type
 * and adds types over time, so each type is read by its shape:
 * when a value does not look like its type, it is shown as JSON rather than guessed at.
 * Table cells and the detail drawer both render from this one model.
 */
export interface FileRef {
  name: string;
  url: string | null;
}

export interface MatrixRow {
  row: string;
  values: string[];
}

export type Answer =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; multiline: boolean }
  | { kind: 'secret' }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'choices'; items: string[] }
  | { kind: 'ranking'; items: string[] }
  | { kind: 'address'; line: string; parts: [label: string, value: string][] }
  | { kind: 'date'; iso: string; withTime: boolean }
  | { kind: 'time'; text: string }
  | { kind: 'dateRange'; start: string | null; end: string | null }
  | { kind: 'matrix'; rows: MatrixRow[] }
  | { kind: 'files'; files: FileRef[]; signature: boolean }
  | { kind: 'rating'; value: number; max: number }
  | { kind: 'color'; hex: string }
  /** `place`: the address a picker may send beside the point, which people read before numbers. */
  | { kind: 'coordinates'; latitude: number; longitude: number; place?: string }
  | { kind: 'link'; url: string }
  | { kind: 'email'; email: string }
  | { kind: 'json'; compact: string; pretty: string }
  /** The right shape for its type but outside what the type allows: shown raw, with why. */
  | { kind: 'outOfRange'; raw: string; expected: string };

const CHOICE_TYPES = new Set([
  'Checkboxes',
  'MultiSelect',
  'MultipleChoice',
  'Dropdown',
  'ImagePicker',
]);
const NUMBER_TYPES = new Set(['NumberInput', 'CurrencyInput', 'Slider', 'OpinionScale']);
const FILE_TYPES = new Set(['FileUpload', 'Signature', 'AudioRecording']);
const TEXT_TYPES = new Set(['ShortAnswer', 'LongAnswer', 'PhoneNumber', 'Captcha']);
const STAR_MAX = 5;
/** Forms offer at most ten stars; anything past that is not a rating the form could have given. */
const STAR_LIMIT = 10;

const ADDRESS_PARTS: [key: string, label: string][] = [
  ['address', 'Street'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipCode', 'ZIP code'],
  ['country', 'Country'],
];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

function json(value: unknown): Answer {
  return {
    kind: 'json',
    compact: JSON.stringify(value) ?? String(value),
    pretty: JSON.stringify(value, null, 2) ?? String(value),
  };
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isObj(value)) return Object.values(value).every(isEmpty);
  return false;
}

function fileOf(item: unknown): FileRef | null {
  if (typeof item === 'string') return { name: fileName(item), url: item };
  if (!isObj(item)) return null;
  const url = str(item.url) ?? str(item.fileUrl) ?? str(item.link);
  const name =
    str(item.filename) ?? str(item.fileName) ?? str(item.name) ?? (url ? fileName(url) : null);
  return name || url ? { name: name ?? 'file', url } : null;
}

function fileName(url: string): string {
  if (url.startsWith('data:')) return 'image';
  const last = url.split(/[?#]/)[0]?.split('/').pop();
  try {
    return last ? decodeURIComponent(last) : url;
  } catch {
    return last ?? url;
  }
}

function files(value: unknown, signature: boolean): Answer | null {
  const list = Array.isArray(value) ? value : [value];
  const refs = list.map(fileOf);
  if (refs.some((r) => r === null)) return null;
  return { kind: 'files', files: refs as FileRef[], signature };
}

function address(value: unknown): Answer | null {
  if (typeof value === 'string') return { kind: 'address', line: value, parts: [] };
  if (!isObj(value)) return null;
  const parts = ADDRESS_PARTS.flatMap(([key, label]): [string, string][] => {
    const part = str(value[key]);
    return part ? [[label, part]] : [];
  });
  if (parts.length === 0) return null;
  const get = (key: string) => str(value[key]);
  // One line the way an envelope reads: "1 Main St, Springfield, IL 62701, USA".
  const region = [get('state'), get('zipCode')].filter(Boolean).join(' ');
  const line = [get('address'), get('city'), region, get('country')].filter(Boolean).join(', ');
  return { kind: 'address', line, parts };
}

const RANGE_KEYS: [string, string][] = [
  ['start', 'end'],
  ['startDate', 'endDate'],
  ['from', 'to'],
];

function dateRange(value: unknown): Answer | null {
  if (Array.isArray(value) && value.length === 2) {
    return { kind: 'dateRange', start: str(value[0]), end: str(value[1]) };
  }
  if (!isObj(value)) return null;
  for (const [a, b] of RANGE_KEYS) {
    if (a in value || b in value)
      return { kind: 'dateRange', start: str(value[a]), end: str(value[b]) };
  }
  return null;
}

function matrix(value: unknown): Answer | null {
  if (!isObj(value)) return null;
  const rows: MatrixRow[] = [];
  for (const [row, cell] of Object.entries(value)) {
    if (typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean')
      rows.push({ row, values: [String(cell)] });
    else if (isStringArray(cell)) rows.push({ row, values: cell });
    else if (cell === null) rows.push({ row, values: [] });
    else return null;
  }
  return { kind: 'matrix', rows };
}

const outOfRange = (value: unknown, expected: string): Answer => ({
  kind: 'outOfRange',
  raw: typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)),
  expected,
});

function rating(value: unknown): Answer | null {
  const n = num(value);
  if (n === null) return null;
  if (n < 0 || n > STAR_LIMIT) return outOfRange(value, `0 to ${STAR_LIMIT} stars`);
  return { kind: 'rating', value: n, max: Math.max(STAR_MAX, Math.ceil(n)) };
}

function coordinates(value: unknown): Answer | null {
  if (!isObj(value)) return null;
  const latitude = num(value.latitude ?? value.lat);
  const longitude = num(value.longitude ?? value.lng ?? value.lon);
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return outOfRange(value, 'a latitude of -90 to 90 and a longitude of -180 to 180');
  const place = str(value.address) ?? str(value.formattedAddress);
  return { kind: 'coordinates', latitude, longitude, ...(place ? { place } : {}) };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Date pickers answer `YYYY-MM-DD`; date-time pickers a full ISO instant. */
function date(value: unknown): Answer | null {
  if (typeof value !== 'string') return null;
  if (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))
    return { kind: 'date', iso: value, withTime: true };
  if (ISO_DATE.test(value)) return { kind: 'date', iso: value, withTime: false };
  return null;
}

function byType(type: string, value: unknown): Answer | null {
  if (CHOICE_TYPES.has(type)) {
    if (typeof value === 'string') return { kind: 'choices', items: [value] };
    return isStringArray(value) ? { kind: 'choices', items: value } : null;
  }
  if (NUMBER_TYPES.has(type)) {
    const n = num(value);
    return n === null ? null : { kind: 'number', value: n };
  }
  if (FILE_TYPES.has(type)) return files(value, type === 'Signature');
  if (TEXT_TYPES.has(type) || type === 'Password') {
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    if (type === 'Password') return { kind: 'secret' };
    const text = String(value);
    return { kind: 'text', text, multiline: type === 'LongAnswer' || text.includes('\n') };
  }
  switch (type) {
    case 'Ranking':
      return isStringArray(value) ? { kind: 'ranking', items: value } : null;
    case 'Checkbox':
    case 'Switch':
      return typeof value === 'boolean' ? { kind: 'boolean', value } : null;
    case 'StarRating':
      return rating(value);
    case 'Address':
      return address(value);
    case 'DatePicker':
    case 'DateTimePicker':
      return date(value);
    case 'TimePicker':
      return typeof value === 'string' ? { kind: 'time', text: value } : null;
    case 'DateRange':
      return dateRange(value);
    case 'Matrix':
      return matrix(value);
    case 'LocationCoordinates':
      return coordinates(value);
    case 'ColorPicker':
      return typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value)
        ? { kind: 'color', hex: value }
        : null;
    case 'URLInput':
      return typeof value === 'string' ? { kind: 'link', url: value } : null;
    case 'EmailInput':
      return typeof value === 'string' ? { kind: 'email', email: value } : null;
    default:
      return null;
  }
}

/** Reads one answer. Unknown types, and values that do not look like their type, become JSON. */
export function describeAnswer(type: string, value: unknown): Answer {
  if (isEmpty(value)) return { kind: 'empty' };
  const known = byType(type, value);
  if (known) return known;
  if (typeof value === 'string')
    return { kind: 'text', text: value, multiline: value.includes('\n') };
  if (typeof value === 'number' && Number.isFinite(value)) return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  return json(value);
}

/** The answer as one line of plain text: for copying, tooltips and search highlighting. */
export function answerText(answer: Answer): string {
  switch (answer.kind) {
    case 'empty':
      return '';
    case 'secret':
      return '••••••';
    case 'text':
      return answer.text;
    case 'number':
      return String(answer.value);
    case 'boolean':
      return answer.value ? 'Yes' : 'No';
    case 'choices':
      return answer.items.join(', ');
    case 'ranking':
      return answer.items.map((item, i) => `${i + 1}. ${item}`).join(', ');
    case 'address':
      return answer.line;
    case 'date':
      return answer.iso;
    case 'time':
      return answer.text;
    case 'dateRange':
      return `${answer.start ?? '…'} – ${answer.end ?? '…'}`;
    case 'matrix':
      return answer.rows.map((r) => `${r.row}: ${r.values.join(', ')}`).join('; ');
    case 'files':
      return answer.files.map((f) => f.name).join(', ');
    case 'rating':
      return `${answer.value}/${answer.max}`;
    case 'color':
      return answer.hex;
    case 'coordinates':
      return `${answer.latitude}, ${answer.longitude}`;
    case 'link':
      return answer.url;
    case 'email':
      return answer.email;
    case 'json':
      return answer.compact;
    case 'outOfRange':
      return answer.raw;
  }
}

/**
 * The answer on one line as people read it (a table cell), for an answer that reads as text; null
 * for one drawn otherwise (badges, stars, a swatch, files).
 */
export function answerLine(answer: Answer): string | null {
  switch (answer.kind) {
    case 'text':
      return answer.text;
    case 'number':
      return answer.value.toLocaleString();
    case 'ranking':
      return answer.items.map((item, i) => `${i + 1}. ${item}`).join('  ');
    case 'address':
      return answer.line;
    case 'date':
      return formatAnswerDate(answer.iso, answer.withTime);
    case 'time':
      return answer.text;
    case 'dateRange':
      return formatDayRange(answer.start, answer.end);
    case 'coordinates':
      return answer.place ?? formatCoordinates(answer.latitude, answer.longitude);
    case 'matrix':
      return answer.rows.map((r) => `${r.row}: ${r.values.join(', ')}`).join(' · ');
    case 'link':
      return answer.url;
    case 'email':
      return answer.email;
    default:
      return null;
  }
}

import { type QuestionAnswer } from '../api/submission';
import { type SheetSettings } from '../contract/sheetSettings';
import { type SubmissionListRow } from '../contract/submissions';
import { describeAnswer, answerText, type Answer } from './answerModel';
import { majorAmount } from './money';
import { paymentStatusLook } from './paymentStatus';
import { dayOf, isoWithOffset, spreadsheetSerial, wallTime } from './zonedTime';

/**
 * An export as a table people open: the submissions table's columns, each answer read by the same
 * model the table and the drawer draw from (`answerModel.ts`), spread over as many spreadsheet
 * columns as a person needs to sort and filter by its parts.
 */

/** One spreadsheet cell, typed: the writer shows it as text (CSV) or as a cell of its type (.xlsx). */
export type SheetCell =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  /** A moment, written in the person's zone. */
  | { kind: 'instant'; ms: number }
  /** A calendar day, `YYYY-MM-DD`: the same everywhere. */
  | { kind: 'day'; day: string }
  | { kind: 'duration'; seconds: number }
  | { kind: 'yesNo'; value: boolean };

/** What kind of value a column holds, for its cells' look in a spreadsheet. */
export interface SheetColumn {
  /** The table's column id it comes from, and the part (a matrix row, "City") when it is split. */
  fieldId: string;
  part: string | null;
  header: string;
}

/** A field's parts in this row: a part name (null for a field of one column) and its cell. */
type Parts = [part: string | null, cell: SheetCell | null][];

interface RowView {
  row: SubmissionListRow;
  answers: Map<string, QuestionAnswer>;
}

interface Field {
  id: string;
  header: string;
  /** Parts in the order a person reads them; parts a row brings that are not here follow. */
  parts: readonly string[];
  read(view: RowView): Parts;
}

/** A question, calculation or url parameter the form is known to have (`questions.list`). */
export interface KnownField {
  id: string;
  name: string;
  type: string;
  kind?: 'question' | 'calculation' | 'urlParameter' | undefined;
}

const ADDRESS = ['Street', 'City', 'State', 'ZIP code', 'Country'];
const RANGE = ['Start', 'End'];
const PAYMENT = ['Amount', 'Currency', 'Status'];
/**
 * Columns one field may spread over: a matrix's rows are the form's, but an answer is the
 * respondent's, and one with thousands of keys must not push a sheet past its 16,384 columns.
 */
const MAX_PARTS = 200;
/** Excel's limit of one cell; a longer answer is cut there rather than the file refused. */
export const CELL_CHARACTERS = 32_767;

const text = (value: string): SheetCell | null =>
  value === '' ? null : { kind: 'text', text: value };
const instant = (iso: string | null | undefined): SheetCell | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? text(iso) : { kind: 'instant', ms };
};
/** An answer's date: a day stays a day, a date-time is an instant. */
const dateCell = (iso: string | null): SheetCell | null =>
  iso === null ? null : iso.includes('T') ? instant(iso) : { kind: 'day', day: iso.slice(0, 10) };

/** An answer as the parts a spreadsheet keeps apart. */
export function answerParts(answer: Answer): Parts {
  switch (answer.kind) {
    case 'empty':
      return [[null, null]];
    case 'number':
      return [[null, { kind: 'number', value: answer.value }]];
    case 'rating':
      return [[null, { kind: 'number', value: answer.value }]];
    case 'boolean':
      return [[null, { kind: 'yesNo', value: answer.value }]];
    case 'date':
      return [[null, dateCell(answer.iso)]];
    case 'dateRange':
      return [
        ['Start', dateCell(answer.start)],
        ['End', dateCell(answer.end)],
      ];
    case 'address':
      return answer.parts.length === 0
        ? [['Street', text(answer.line)]]
        : answer.parts.map(([label, value]) => [label, text(value)]);
    case 'matrix':
      return answer.rows.map((r) => [r.row, text(r.values.join(', '))]);
    case 'files':
      // The links, one per line; a file sent as data (a drawn signature) is named, never inlined.
      return [
        [
          null,
          text(
            answer.files.map((f) => (f.url && /^https?:/i.test(f.url) ? f.url : f.name)).join('\n'),
          ),
        ],
      ];
    case 'coordinates':
      return [[null, text(`${answer.latitude}, ${answer.longitude}`)]];
    default:
      return [[null, text(answerText(answer))]];
  }
}

function durationOrText(type: string, value: string | null): SheetCell | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  if (type === 'duration' && Number.isFinite(n) && n >= 0)
    return { kind: 'duration', seconds: Math.round(n) };
  if (type === 'number' && Number.isFinite(n)) return { kind: 'number', value: n };
  return text(value);
}

const one = (cell: SheetCell | null): Parts => [[null, cell]];

/** The fields the submissions table shows, in its default order (`renderer/…/columns.tsx`). */
function fieldsOf(known: readonly KnownField[], includePreview: boolean): Field[] {
  const questions = known.filter((f) => (f.kind ?? 'question') === 'question');
  const calculations = known.filter((f) => f.kind === 'calculation');
  const parameters = known.filter((f) => f.kind === 'urlParameter');
  return [
    {
      id: 'submissionTime',
      header: 'Submitted at',
      parts: [],
      read: (v) => one(instant(v.row.submissionTime)),
    },
    {
      id: 'lastUpdatedAt',
      header: 'Last updated',
      parts: [],
      read: (v) => one(instant(v.row.lastUpdatedAt)),
    },
    ...(includePreview
      ? [
          {
            id: 'status',
            header: 'Preview',
            parts: [],
            read: (v: RowView) => one({ kind: 'yesNo', value: v.row.isPreview }),
          } satisfies Field,
        ]
      : []),
    ...questions.map((q) => questionField(q.id, q.name || q.id, q.type)),
    ...calculations.map((c): Field => {
      const id = c.id.replace(/^calculation:/, '');
      return {
        id: `calculation:${id}`,
        header: c.name,
        parts: [],
        read: (v) => {
          const found = v.row.submission.calculations?.find((x) => x.id === id);
          return one(found ? durationOrText(found.type, found.value) : null);
        },
      };
    }),
    ...parameters.map((p): Field => {
      const id = p.id.replace(/^urlParameter:/, '');
      return {
        id: `urlParameter:${id}`,
        header: `?${p.name}`,
        parts: [],
        read: (v) =>
          one(text(v.row.submission.urlParameters?.find((x) => x.id === id)?.value ?? '')),
      };
    }),
    {
      id: 'quizScore',
      header: 'Quiz score',
      parts: [],
      read: (v) => {
        const quiz = v.row.submission.quiz;
        return one(quiz ? { kind: 'number', value: quiz.score } : null);
      },
    },
    {
      id: 'loginEmail',
      header: 'Login e-mail',
      parts: [],
      read: (v) => one(text(v.row.submission.login?.email ?? '')),
    },
    {
      id: 'payments',
      header: 'Payment',
      parts: PAYMENT,
      read: (v) => {
        const first = v.row.submission.payments?.[0]?.value;
        if (!first) return [];
        const { totalAmount, currency } = first;
        return [
          [
            'Amount',
            typeof totalAmount === 'number'
              ? { kind: 'number', value: majorAmount(totalAmount, currency ?? '') }
              : null,
          ],
          ['Currency', text(currency?.toUpperCase() ?? '')],
          ['Status', first.status ? text(paymentStatusLook(first.status).label) : null],
        ];
      },
    },
    {
      id: 'scheduling',
      header: 'Booking',
      parts: [],
      read: (v) => one(instant(v.row.submission.scheduling?.[0]?.value.eventStartTime)),
    },
  ];
}

function questionField(id: string, header: string, type: string): Field {
  return {
    id: `q:${id}`,
    header,
    parts: type === 'Address' ? ADDRESS : type === 'DateRange' ? RANGE : [],
    read: (v) => {
      const answer = v.answers.get(id);
      return answer ? answerParts(describeAnswer(answer.type, answer.value)) : one(null);
    },
  };
}

function viewOf(row: SubmissionListRow): RowView {
  const answers = new Map<string, QuestionAnswer>();
  for (const q of row.submission.questions) if (!answers.has(q.id)) answers.set(q.id, q);
  return { row, answers };
}

/** A column's key: its field and part. */
const keyOf = (fieldId: string, part: string | null) =>
  part === null ? fieldId : `${fieldId}\u0000${part}`;

/**
 * The export's columns, learnt from a first read of its rows: which parts each field has (a
 * matrix's rows), which hold a value anywhere, and how wide each is. The second read writes.
 */
export class SheetPlan {
  private readonly fields: Field[];
  private readonly byId = new Map<string, Field>();
  private readonly seenParts = new Map<string, string[]>();
  private readonly filled = new Set<string>();
  private readonly widths = new Map<string, number>();
  private rows = 0;
  private idWidth = 0;

  constructor(
    known: readonly KnownField[],
    private readonly settings: SheetSettings,
    includePreview: boolean,
  ) {
    this.fields = fieldsOf(known, includePreview);
    for (const field of this.fields) this.byId.set(field.id, field);
  }

  /** Learns one row: questions the catalogue does not know yet, parts, filled cells, widths. */
  observe(row: SubmissionListRow): void {
    this.rows += 1;
    this.idWidth = Math.max(this.idWidth, row.submissionId.length);
    const view = viewOf(row);
    for (const q of row.submission.questions) {
      if (!this.byId.has(`q:${q.id}`)) {
        const field = questionField(q.id, q.name || q.id, q.type);
        this.fields.push(field);
        this.byId.set(field.id, field);
      }
    }
    for (const field of this.fields) {
      for (const [part, cell] of field.read(view)) {
        if (part !== null) {
          const seen = this.seenParts.get(field.id) ?? [];
          if (!seen.includes(part) && seen.length < MAX_PARTS)
            this.seenParts.set(field.id, [...seen, part]);
        }
        if (cell === null) continue;
        const key = keyOf(field.id, part);
        this.filled.add(key);
        const width = shownLength(cell, this.settings);
        if (width > (this.widths.get(key) ?? 0)) this.widths.set(key, width);
      }
    }
  }

  /** Rows observed. */
  get rowCount(): number {
    return this.rows;
  }

  /** The columns, in the table's order, without the hidden and (unless kept) the empty ones. */
  columns(): SheetColumn[] {
    const order = this.settings.columns;
    const chosen = order
      ? order.flatMap((id) => {
          const field = this.byId.get(id);
          return field ? [field] : [];
        })
      : this.fields;
    const columns: SheetColumn[] = [];
    for (const field of chosen) {
      const seen = this.seenParts.get(field.id) ?? [];
      const parts =
        field.parts.length > 0 || seen.length > 0
          ? [...field.parts, ...seen.filter((p) => !field.parts.includes(p))]
          : [null];
      for (const part of parts) {
        if (!this.settings.keepEmptyColumns && !this.filled.has(keyOf(field.id, part))) continue;
        const header = part === null ? field.header : `${field.header} - ${part}`;
        columns.push({ fieldId: field.id, part, header });
      }
    }
    // Not a column of the table, kept last: the one cell that names the row to a machine.
    columns.push({ fieldId: 'submissionId', part: null, header: 'Submission ID' });
    return columns;
  }

  /** The widest cell of a column, in characters, header included. */
  width(column: SheetColumn): number {
    const widest =
      column.fieldId === 'submissionId'
        ? this.idWidth
        : (this.widths.get(keyOf(column.fieldId, column.part)) ?? 0);
    return Math.max(column.header.length, widest);
  }

  /** A row's cells, one per column. */
  cells(row: SubmissionListRow, columns: readonly SheetColumn[]): (SheetCell | null)[] {
    const view = viewOf(row);
    const read = new Map<string, Parts>();
    return columns.map((column) => {
      if (column.fieldId === 'submissionId') return text(row.submissionId);
      let parts = read.get(column.fieldId);
      if (!parts) {
        parts = this.byId.get(column.fieldId)?.read(view) ?? [];
        read.set(column.fieldId, parts);
      }
      return parts.find(([part]) => part === column.part)?.[1] ?? null;
    });
  }
}

/** The zone times are written in: the person's, or UTC when they chose it. */
export function zoneOf(settings: SheetSettings): string {
  return settings.utc ? 'UTC' : settings.timeZone;
}

/** `h:mm:ss`, hours past 24 kept: `0:18:24`, `27:00:05`. */
export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** A cell as text: what a CSV holds, and what a spreadsheet shows for the .xlsx cell. */
export function cellText(cell: SheetCell | null, settings: SheetSettings): string {
  if (cell === null) return '';
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'number':
      return String(cell.value);
    case 'instant':
      return isoWithOffset(wallTime(cell.ms, zoneOf(settings)));
    case 'day':
      return cell.day;
    case 'duration':
      return durationText(cell.seconds);
    case 'yesNo':
      return cell.value ? settings.yes : settings.no;
  }
}

/** An instant's serial for a spreadsheet's date-time cell, on the person's clock. */
export function instantSerial(ms: number, settings: SheetSettings): number {
  return spreadsheetSerial(wallTime(ms, zoneOf(settings)));
}

/** The day an export is named after, on the person's clock. */
export function exportDay(ms: number, settings: SheetSettings): string {
  return dayOf(wallTime(ms, zoneOf(settings)));
}

/** How many characters a cell shows, its longest line for text, capped for a column's width. */
function shownLength(cell: SheetCell, settings: SheetSettings): number {
  if (cell.kind === 'instant') return 19;
  if (cell.kind !== 'text') return cellText(cell, settings).length;
  if (!cell.text.includes('\n')) return cell.text.length;
  let longest = 0;
  for (const line of cell.text.split('\n', 20)) longest = Math.max(longest, line.length);
  return longest;
}

import { MantineProvider } from '@mantine/core';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import fc from 'fast-check';
import { type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type Submission } from '../../../../electron/shared/api/submission';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { type QuestionSummary } from '../../../../electron/shared/contract/summary';
import { AnswerDisplay } from './AnswerDisplay';
import { describeAnswer } from '../../../../electron/shared/answers/answerModel';
import { buildColumns } from './columns';
import { type ColumnCatalog } from './columnCatalog';
import { QuestionSummaryCard } from './QuestionSummaryCard';
import { SubmissionDetail } from './SubmissionDetail';
import { SubmissionRow } from './SubmissionRow';
import { windowColumns } from './columnWindow';

const TYPES = [
  'ShortAnswer',
  'LongAnswer',
  'PhoneNumber',
  'Captcha',
  'Password',
  'NumberInput',
  'CurrencyInput',
  'Slider',
  'OpinionScale',
  'StarRating',
  'Checkboxes',
  'MultiSelect',
  'MultipleChoice',
  'Dropdown',
  'ImagePicker',
  'Ranking',
  'Checkbox',
  'Switch',
  'Address',
  'DatePicker',
  'DateTimePicker',
  'TimePicker',
  'DateRange',
  'Matrix',
  'FileUpload',
  'Signature',
  'AudioRecording',
  'LocationCoordinates',
  'ColorPicker',
  'URLInput',
  'EmailInput',
  'SomethingNew',
];

const CONTROLS = ['\u202e', '\u202d', '\u2066', '\u2069', '\u200f', '\u061c', '\u0000', '\t', '\n'];

/** Text a respondent could type: controls, other scripts, and now and then one enormous word. */
const hostileText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...CONTROLS, 'a', 'א', 'а', '.', '/', '\\', '@', ' ') }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    'x'.repeat(100_000),
    `invoice\u202efdp.exe`,
    'https://pаypal.com/',
    'https://evil.example\\@paypal.com/',
    'https://paypal.com\t.evil.example/',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'data:image/png;base64,iVBORw0KGgo=',
    '9999-99-99',
    '2024-02-30T99:99',
    '#zzzzzz',
  ),
);

const extremeNumber = fc.oneof(
  fc.constantFrom(-1, -0.5, 1e9, -1e9, 1e308, -1e308, Number.MAX_SAFE_INTEGER, NaN, Infinity),
  fc.double(),
  fc.integer(),
);

/** Any value a service (or a forged webhook) could put where an answer goes. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    { arbitrary: extremeNumber, weight: 3 },
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom(
        'url',
        'name',
        'filename',
        'latitude',
        'longitude',
        'start',
        'end',
        'address',
        'city',
        'row',
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

const question = fc.record({
  id: fc.constantFrom('q1', 'q2', 'q3', 'q4'),
  name: hostileText,
  type: fc.constantFrom(...TYPES),
  value: hostileValue,
});

/** What the service sends beside the answers, each field as its schema allows, the text hostile. */
const extras = fc.record({
  payment: fc.record({
    paymentId: hostileText,
    email: hostileText,
    discountCode: hostileText,
    currency: hostileText,
    status: hostileText,
    stripeCustomerId: hostileText,
    stripePaymentUrl: hostileText,
    totalAmount: fc.double({ noNaN: true, noDefaultInfinity: true }),
  }),
  booking: fc.record({
    fullName: hostileText,
    email: hostileText,
    timezone: hostileText,
    eventStartTime: fc.constant('2026-11-01T10:00:00.000Z'),
    eventUrl: hostileText,
    meetingNotes: hostileText,
    eventId: hostileText,
  }),
  parameter: hostileText,
});

const submissionOf = (
  questions: Submission['questions'],
  { payment, booking, parameter }: typeof extras extends fc.Arbitrary<infer T> ? T : never,
): Submission =>
  ({
    submissionId: 'sub-1',
    submissionTime: '2026-11-01T10:00:00.000Z',
    lastUpdatedAt: '2026-11-01T10:00:00.000Z',
    questions: questions.map((q, i) => ({ ...q, id: `${q.id}-${i}` })),
    urlParameters: [{ id: 'p', name: 'ref', value: parameter }],
    calculations: [],
    payments: [{ id: 'pay', value: payment }],
    scheduling: [{ id: 'book', value: booking }],
  }) as unknown as Submission;

const render = (node: ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>);

/** A results row drawn by the grid, every column of the form's questions in view. */
function Row({ submission }: { submission: Submission }) {
  const catalog: ColumnCatalog = {
    questions: submission.questions.map((q) => ({ id: q.id, name: q.name, type: q.type })),
    calculations: [],
    urlParameters: [{ id: 'p', name: 'ref' }],
    quiz: false,
    login: false,
    payments: true,
    scheduling: true,
  };
  const row = { submissionId: submission.submissionId, submission } as SubmissionListRow;
  // eslint-disable-next-line react-hooks/incompatible-library -- not built with React Compiler
  const table = useReactTable({
    data: [row],
    columns: buildColumns(catalog, '', false),
    getRowId: (r) => r.submissionId,
    getCoreRowModel: getCoreRowModel(),
  });
  const columns = table.getVisibleLeafColumns();
  return (
    <SubmissionRow
      table={table}
      index={0}
      submission={row}
      top={0}
      width={4000}
      columns={windowColumns([], columns, [], 0, columns.length - 1)}
      active={false}
      withActions={false}
    />
  );
}

describe('hostile answers', () => {
  it('of every question type draw in a table cell and the drawer without a thrown error', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), hostileValue, (type, value) => {
        const answer = describeAnswer(type, value);
        render(<AnswerDisplay answer={answer} compact />);
        render(<AnswerDisplay answer={answer} compact search="a" />);
        render(<AnswerDisplay answer={answer} />);
      }),
      { numRuns: 1500 },
    );
  });

  it('draw in the whole drawer and a grid row, with payments and bookings, without a thrown error', () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 4 }), extras, (questions, more) => {
        const submission = submissionOf(questions, more);
        const drawer = render(
          <SubmissionDetail
            submission={submission}
            status="finished"
            isPreview={false}
            fromCacheNotice={null}
            search=""
          />,
        );
        expect(drawer).not.toContain('could not be shown');
        const row = render(<Row submission={submission} />);
        expect(row).not.toContain('could not be shown');
      }),
      { numRuns: 150 },
    );
  });

  it('draw as Summary labels without a thrown error', () => {
    const summary = fc.oneof(
      fc.record({
        kind: fc.constant('choice' as const),
        multiple: fc.boolean(),
        options: fc.array(fc.record({ value: hostileText, count: fc.nat() }), { maxLength: 4 }),
        other: fc.nat(),
      }),
      fc.record({
        kind: fc.constant('text' as const),
        top: fc.array(fc.record({ value: hostileText, count: fc.nat() }), { maxLength: 4 }),
        latest: fc.array(
          fc.record({
            submissionId: fc.uuid(),
            submissionTime: fc.constant('2026-11-01T10:00:00.000Z'),
            text: hostileText,
          }),
          { maxLength: 3 },
        ),
      }),
      fc.record({
        kind: fc.constant('matrix' as const),
        rows: fc.uniqueArray(hostileText, { maxLength: 3 }),
        columns: fc.uniqueArray(hostileText, { maxLength: 3 }),
        cells: fc.constant([]),
      }),
      fc.record({
        kind: fc.constant('ranking' as const),
        items: fc.array(
          fc.record({ value: hostileText, averagePosition: extremeNumber, count: fc.nat() }),
          { maxLength: 4 },
        ),
      }),
    );
    fc.assert(
      fc.property(summary, hostileText, (shape, name) => {
        const q = { key: 'q1', name, type: 'ShortAnswer', answered: 3, ...shape };
        render(<QuestionSummaryCard question={q as QuestionSummary} total={3} onPick={() => {}} />);
      }),
      { numRuns: 150 },
    );
  });

  it('show a star rating out of range as its raw value, marked, where it broke the screen', () => {
    for (const value of [-1, -0.5, 1e9]) {
      const answer = describeAnswer('StarRating', value);
      expect(answer).toEqual({ kind: 'outOfRange', raw: String(value), expected: '0 to 10 stars' });
      const cell = render(<AnswerDisplay answer={answer} compact />);
      expect(cell).toContain('out of range');
      expect(cell).toContain(String(value));
    }
  });
});

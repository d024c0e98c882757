import { Badge, Text } from '@mantine/core';
import { type ColumnDef } from '@tanstack/react-table';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { shownLine } from '../../components/respondentText';
import { AnswerDisplay } from './AnswerDisplay';
import { formatCalculation } from '../../../../electron/shared/answers/calculationValue';
import { answerLine } from '../../../../electron/shared/answers/answerModel';
import { type ColumnCatalog } from './columnCatalog';
import { calculationColumnId, questionColumnId, sortOf, urlParameterColumnId } from './columnIds';
import { compactDateTime } from './compactDate';
import { dateColumnWidth } from './dateColumnWidth';
import { displayedAnswer } from './displayedAnswer';
import { formatDateTime } from '../../../../electron/shared/answers/dateFormat';
import { Marked } from './Marked';
import { PaymentSummary } from './PaymentDisplay';
import { SchedulingSummary } from './SchedulingDisplay';
import { searchHit } from './searchHit';

type Column = ColumnDef<SubmissionListRow>;

const WIDE_TYPES = new Set([
  'LongAnswer',
  'Address',
  'Matrix',
  'Ranking',
  'Checkboxes',
  'MultiSelect',
  'FileUpload',
]);

/** Answers read as one phrase of set length (a stay, a place on the map): wide enough for it whole. */
const PHRASE_TYPES = new Set(['DateRange', 'LocationCoordinates']);

const dimDash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/**
 * While a search is on, the column naming where each row matched, pinned beside Submitted: the
 * match may be in a column scrolled out of view.
 */
export const SEARCH_HIT_COLUMN = 'searchHit';
const HIT_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  width: '100%',
  lineHeight: 1.25,
} as const;

/** One column per thing the form records, each rendered by what it is (see answerModel). */
export function buildColumns(
  catalog: ColumnCatalog,
  search: string,
  includePreview: boolean,
): Column[] {
  const marking = search.trim() !== '';
  // Plain text is returned as a string, which the table draws as the cell itself: one element
  // per cell. A search needs elements to mark its matches.
  const textCell = (text: string) =>
    marking ? <Marked text={text} search={search} oneLine /> : shownLine(text);
  const columns: Column[] = [
    {
      id: 'submissionTime',
      header: 'Submitted',
      size: dateColumnWidth(),
      accessorFn: (row) => row.submissionTime,
      cell: ({ row }) => (
        <span title={formatDateTime(row.original.submissionTime)}>
          {compactDateTime(row.original.submissionTime)}
        </span>
      ),
    },
    ...(marking
      ? [
          {
            id: SEARCH_HIT_COLUMN,
            header: 'Found in',
            size: 300,
            enableSorting: false,
            enableHiding: false,
            cell: ({ row }) => {
              const hit = searchHit(row.original.submission, catalog, search);
              if (hit === null) return dimDash;
              // The column's name above the text it matched, both within the row's height.
              return (
                <div style={HIT_STYLE}>
                  <Text span size="xs" c="dimmed" lh={1.2} truncate="end">
                    {hit.column}
                  </Text>
                  <Marked text={hit.snippet} search={search} oneLine />
                </div>
              );
            },
          } satisfies Column,
        ]
      : []),
    {
      id: 'lastUpdatedAt',
      header: 'Last updated',
      size: dateColumnWidth(),
      accessorFn: (row) => row.lastUpdatedAt,
      cell: ({ row }) =>
        row.original.lastUpdatedAt ? (
          <span title={formatDateTime(row.original.lastUpdatedAt)}>
            {compactDateTime(row.original.lastUpdatedAt)}
          </span>
        ) : (
          '—'
        ),
    },
    // The status tab already says finished or in progress: a column tells previews apart, and
    // only while they are shown.
    ...(includePreview
      ? [
          {
            id: 'status',
            header: 'Preview',
            size: 100,
            cell: ({ row }) =>
              row.original.isPreview ? (
                <Badge size="sm" variant="light" color="grape" tt="none">
                  Preview
                </Badge>
              ) : (
                dimDash
              ),
          } satisfies Column,
        ]
      : []),
    ...catalog.questions.map((question): Column => ({
      id: questionColumnId(question.id),
      header: question.name || question.id,
      meta: { type: question.type },
      size: WIDE_TYPES.has(question.type) ? 260 : PHRASE_TYPES.has(question.type) ? 220 : 180,
      accessorFn: (row) => row.submission.questions.find((q) => q.id === question.id)?.value,
      cell: ({ row }) => {
        const answer = row.original.submission.questions.find((q) => q.id === question.id);
        if (!answer) return dimDash;
        const described = displayedAnswer(answer, row.original.submission);
        const line = answerLine(described);
        if (line !== null && !marking) return shownLine(line);
        return <AnswerDisplay answer={described} compact search={search} />;
      },
    })),
    ...catalog.calculations.map((calculation): Column => ({
      id: calculationColumnId(calculation.id),
      header: calculation.name,
      meta: { type: 'Calculation' },
      size: 140,
      accessorFn: (row) => row.submission.calculations?.find((c) => c.id === calculation.id)?.value,
      cell: ({ row }) => {
        const answer = row.original.submission.calculations?.find((c) => c.id === calculation.id);
        const text = answer ? formatCalculation(answer.type, answer.value) : '';
        return text ? textCell(text) : dimDash;
      },
    })),
    ...catalog.urlParameters.map((parameter): Column => ({
      id: urlParameterColumnId(parameter.id),
      header: `?${parameter.name}`,
      meta: { type: 'URL parameter' },
      size: 140,
      accessorFn: (row) => row.submission.urlParameters?.find((p) => p.id === parameter.id)?.value,
      cell: ({ row }) => {
        const value = row.original.submission.urlParameters?.find(
          (p) => p.id === parameter.id,
        )?.value;
        return value ? textCell(value) : dimDash;
      },
    })),
  ];
  if (catalog.quiz) {
    columns.push({
      id: 'quizScore',
      header: 'Quiz score',
      size: 110,
      accessorFn: (row) => row.submission.quiz?.score,
      cell: ({ row }) => {
        const quiz = row.original.submission.quiz;
        return quiz ? (
          <Text
            span
            size="sm"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >{`${quiz.score} / ${quiz.maxScore}`}</Text>
        ) : (
          dimDash
        );
      },
    });
  }
  if (catalog.login) {
    columns.push({
      id: 'loginEmail',
      header: 'Login e-mail',
      size: 200,
      accessorFn: (row) => row.submission.login?.email,
      cell: ({ row }) => {
        const email = row.original.submission.login?.email;
        return email ? textCell(email) : dimDash;
      },
    });
  }
  if (catalog.payments) {
    columns.push({
      id: 'payments',
      header: 'Payment',
      size: 190,
      accessorFn: (row) =>
        row.submission.payments?.reduce((sum, p) => sum + (p.value.totalAmount ?? 0), 0),
      cell: ({ row }) => <PaymentSummary payments={row.original.submission.payments ?? []} />,
    });
  }
  if (catalog.scheduling) {
    columns.push({
      id: 'scheduling',
      header: 'Booking',
      size: 210,
      cell: ({ row }) => (
        <SchedulingSummary scheduling={row.original.submission.scheduling ?? []} />
      ),
    });
  }
  // Sorting happens in the cache (manualSorting); a column is sortable when the cache can sort by it.
  return columns.map((column) => ({
    ...column,
    enableSorting: column.id !== undefined && sortOf(column.id) !== null,
  }));
}

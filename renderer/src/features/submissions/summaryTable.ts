import { writeCsv } from '../../../../electron/shared/csv/writeCsv';
import {
  type QuestionSummary,
  type SubmissionSummary,
} from '../../../../electron/shared/contract/summary';
import { figure, percent } from './summaryWords';

/** A chart's numbers as a table (for CSV), and the bars an image of it draws. */
export interface SummaryTable {
  header: string[];
  rows: string[][];
  /** Empty where bars do not fit the figures (a matrix): only its numbers are copied. */
  bars: { label: string; value: number; shown: string }[];
}

export function summaryTable(q: QuestionSummary): SummaryTable {
  const counted = (label: string, count: number, of: number) => ({
    // Shares to one decimal in the file, for sums and charts made from it.
    row: [label, String(count), of === 0 ? '0' : ((count / of) * 100).toFixed(1)],
    bar: { label, value: count, shown: `${figure(count)} · ${percent(count, of)}` },
  });
  const table = (header: string[], items: ReturnType<typeof counted>[]): SummaryTable => ({
    header,
    rows: items.map((i) => i.row),
    bars: items.map((i) => i.bar),
  });
  switch (q.kind) {
    case 'choice':
      return table(
        ['Answer', 'Submissions', 'Share (%)'],
        [
          ...q.options.map((o) => counted(o.value, o.count, q.answered)),
          ...(q.other > 0 ? [counted('Other answers', q.other, q.answered)] : []),
        ],
      );
    case 'rating':
      return table(
        ['Value', 'Submissions', 'Share (%)'],
        q.distribution.map((d) => counted(String(d.value), d.count, q.answered)),
      );
    case 'number':
      return table(
        ['Values', 'Submissions', 'Share (%)'],
        q.histogram.map((b) =>
          counted(
            b.from === b.to ? figure(b.from) : `${figure(b.from)} – ${figure(b.to)}`,
            b.count,
            q.answered,
          ),
        ),
      );
    case 'date':
      return table(
        [`${capitalised(q.bucket)} from`, 'Answers', 'Share (%)'],
        q.points.map((p) => counted(p.start, p.count, q.answered)),
      );
    case 'boolean':
      return table(
        ['Answer', 'Submissions', 'Share (%)'],
        [counted('Yes', q.yes, q.answered), counted('No', q.no, q.answered)],
      );
    case 'text':
      return table(
        ['Answer', 'Times', 'Share (%)'],
        q.top.map((t) => counted(t.value, t.count, q.answered)),
      );
    case 'ranking':
      return {
        header: ['Item', 'Average place', 'Rankings'],
        rows: q.items.map((i) => [i.value, figure(i.averagePosition), String(i.count)]),
        bars: q.items.map((i) => ({
          label: i.value,
          value: q.items.length + 1 - i.averagePosition,
          shown: `average place ${figure(i.averagePosition)}`,
        })),
      };
    case 'matrix':
      return {
        header: ['Row', ...q.columns],
        rows: q.rows.map((row) => [
          row,
          ...q.columns.map((column) =>
            String(q.cells.find((c) => c.row === row && c.column === column)?.count ?? 0),
          ),
        ]),
        bars: [],
      };
    case 'file':
      return { header: ['Answered'], rows: [[String(q.answered)]], bars: [] };
  }
}

/** Submissions per bucket of time, finished and in progress. */
export function timelineTable(timeline: SubmissionSummary['timeline']): SummaryTable {
  return {
    header: [`${capitalised(timeline.bucket)} from`, 'Finished', 'In progress'],
    rows: timeline.points.map((p) => [p.start, String(p.finished), String(p.inProgress)]),
    bars: timeline.points.map((p) => ({
      label: p.start,
      value: p.finished + p.inProgress,
      shown: `${figure(p.finished)} + ${figure(p.inProgress)} in progress`,
    })),
  };
}

/** The table as CSV, every cell safe to open in a spreadsheet (answers are anyone's text). */
export function tableCsv({ header, rows }: SummaryTable): string {
  return writeCsv([header, ...rows], { neutraliseFormulas: true });
}

function capitalised(word: string): string {
  return `${word[0]!.toUpperCase()}${word.slice(1)}`;
}

import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SheetPlan } from '../../shared/answers/sheetTable';
import { type SubmissionListRow } from '../../shared/contract';
import { SheetSettings } from '../../shared/contract/sheetSettings';
import { DEMO_FORMS } from '../../local-api/demoForms';
import { csvChunks } from '../submissions/exportSubmissions';
import { xlsxChunks } from './xlsxChunks';

// Respondents send what they like, and the service adds types: whatever a row holds, both
// spreadsheets are written, read back whole, one line a row, and never hold a formula.

const TYPES = [...new Set(DEMO_FORMS.flatMap((f) => f.questions.map((q) => q.type)))];
const settings = SheetSettings.parse({ timeZone: 'Pacific/Chatham' });

const row = fc.record({
  id: fc.uuid(),
  time: fc.date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2200-01-01T00:00:00Z'),
    noInvalidDate: true,
  }),
  answers: fc.array(
    fc.record({
      id: fc.constantFrom('q1', 'q2', 'q3'),
      name: fc.string({ maxLength: 20 }),
      type: fc.constantFrom(...TYPES, 'NewType'),
      value: fc.jsonValue({ maxDepth: 3 }),
    }),
    { maxLength: 4 },
  ),
});

type Generated = typeof row extends fc.Arbitrary<infer T> ? T : never;

function listRow(r: Generated): SubmissionListRow {
  return {
    submissionId: r.id,
    submissionTime: r.time.toISOString(),
    lastUpdatedAt: null,
    status: 'finished',
    isPreview: false,
    submission: {
      submissionId: r.id,
      submissionTime: r.time.toISOString(),
      questions: r.answers,
    },
  };
}

describe('any answer in a spreadsheet', () => {
  it('writes CSV and .xlsx that read back with every row, and no formula', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), (generated) => {
        const rows = generated.map(listRow);
        const plan = new SheetPlan([], settings, false);
        for (const r of rows) plan.observe(r);
        const columns = plan.columns();
        const cells = rows.map((r) => plan.cells(r, columns));

        const csv = parse([...csvChunks(columns, cells, settings)].join(''), {
          relax_column_count: false,
        }) as string[][];
        expect(csv).toHaveLength(rows.length + 1);
        expect(csv.map((line) => line.at(-1))).toEqual([
          'Submission ID',
          ...rows.map((r) => r.submissionId),
        ]);

        const book = XLSX.read(
          Buffer.concat([
            ...xlsxChunks({
              name: 'Any',
              columns: columns.map((c) => ({ header: c.header, width: plan.width(c) })),
              rows: cells,
              settings,
            }),
          ]),
          { cellFormula: true },
        );
        const sheet = book.Sheets.Any!;
        const read = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false });
        expect(read.map((line) => line[columns.length - 1])).toEqual(
          csv.map((line) => line.at(-1)),
        );
        expect(Object.values(sheet).some((c) => typeof c === 'object' && 'f' in c)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});

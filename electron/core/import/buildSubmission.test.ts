import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ColumnMapping } from '../../shared/contract/imports';
import { buildSubmission, checkMappings } from './buildSubmission';
import { readCsv } from './readCsv';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

const mappings: ColumnMapping[] = [
  { column: 0, target: { kind: 'question', id: 'name', type: 'ShortAnswer' } },
  { column: 1, target: { kind: 'question', id: 'email', type: 'EmailInput' } },
  {
    column: 2,
    target: { kind: 'question', id: 'amount', type: 'NumberInput' },
    convert: { decimalSeparator: ',' },
  },
  {
    column: 3,
    target: { kind: 'submissionTime' },
    convert: { dateFormat: 'dd.mm.yyyy', timeZone: 'Europe/Berlin' },
  },
  { column: 4, target: { kind: 'payment', id: 'pay', field: 'totalAmount' } },
  { column: 5, target: { kind: 'payment', id: 'pay', field: 'currency' } },
  { column: 6, target: { kind: 'ignore' } },
];

describe('buildSubmission', () => {
  it('turns a row into the create body, questions by id, one payment object per payment field', () => {
    const built = buildSubmission(
      ['Jürgen', 'j@example.de', '1.234,50', '16.05.2024', '1000', 'EUR', 'x'],
      mappings,
    );
    expect(built.issues).toEqual([]);
    expect(built.submission).toEqual({
      questions: [
        { id: 'name', value: 'Jürgen' },
        { id: 'email', value: 'j@example.de' },
        { id: 'amount', value: 1234.5 },
      ],
      submissionTime: '2024-05-15T22:00:00.000Z',
      payments: [{ id: 'pay', value: { totalAmount: 1000, currency: 'EUR' } }],
    });
  });

  it('reports every bad cell of a row and builds nothing for it', () => {
    const built = buildSubmission(['Amy', 'not-an-email', 'abc', '', '', '', ''], mappings);
    expect(built.submission).toBeNull();
    expect(built.issues.map((i) => [i.column, i.severity])).toEqual([
      [1, 'error'],
      [2, 'error'],
    ]);
  });

  it('leaves empty cells unanswered but refuses a row with no answers at all', () => {
    expect(
      buildSubmission(['Amy', '', '', '', '', '', ''], mappings).submission?.questions,
    ).toEqual([{ id: 'name', value: 'Amy' }]);
    expect(
      buildSubmission(['', '', '', '16.05.2024', '', '', ''], mappings).issues[0]?.message,
    ).toMatch(/no answers/);
  });

  it('refuses two columns filling the same field, and a mapping without questions', () => {
    expect(() => checkMappings([mappings[0]!, { ...mappings[0]!, column: 1 }], 7)).toThrow(
      /same field/,
    );
    expect(() => checkMappings([mappings[3]!], 7)).toThrow(/at least one column/);
  });
});

describe('buildSubmission on the European export fixture', () => {
  it('converts decimal-comma amounts and dd.mm.yyyy dates once the column says so', () => {
    const table = readCsv(
      readFileSync(path.resolve(projectRoot, 'fixtures/csv/orders-semicolon-decimal-comma.csv')),
    );
    const european: ColumnMapping[] = [
      { column: 0, target: { kind: 'question', id: 'name', type: 'ShortAnswer' } },
      {
        column: 2,
        target: { kind: 'question', id: 'amount', type: 'CurrencyInput' },
        convert: { decimalSeparator: ',' },
      },
      {
        column: 3,
        target: { kind: 'question', id: 'day', type: 'DatePicker' },
        convert: { dateFormat: 'dd.mm.yyyy' },
      },
      { column: 4, target: { kind: 'question', id: 'news', type: 'Checkbox' } },
    ];
    const built = table.rows.map((r) =>
      buildSubmission(r.cells, european).submission?.questions.map((q) => q.value),
    );
    expect(built).toEqual([
      ['Mareike Groß', 2045.75, '2025-02-13', true],
      ['Anaïs Lefèvre', 12, '2025-02-21', false],
      ['Małgorzata Świątek', 0.05, '2025-02-28', true],
    ]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCsv } from './readCsv';
import { normaliseHeader, suggestMapping, type CatalogueQuestion } from './suggestMapping';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) =>
  readCsv(readFileSync(path.resolve(projectRoot, 'fixtures/csv', name)));

const questions: CatalogueQuestion[] = [
  { id: 'q_name', name: 'Full name', type: 'ShortAnswer' },
  { id: 'q_email', name: 'Email', type: 'EmailInput' },
  { id: 'q_rating', name: 'Rating', type: 'StarRating' },
  { id: 'q_amount', name: 'Amount', type: 'NumberInput' },
  { id: 'q_date', name: 'Date', type: 'DatePicker' },
];

describe('suggestMapping', () => {
  it('matches loose headers to "Full name", "Email" and "Rating"', () => {
    const table = fixture('loose-headers.csv');
    const mappings = suggestMapping(
      table.columns,
      questions,
      new Map(),
      table.rows.map((r) => r.cells),
    );
    expect(
      mappings.map((m) => (m.target.kind === 'question' ? m.target.id : m.target.kind)),
    ).toEqual(['q_name', 'q_email', 'q_rating']);
  });

  it('maps a "Submitted at" column to the submission time and leaves unknown columns ignored', () => {
    const table = fixture('contacts-utf8-bom-crlf.csv');
    const mappings = suggestMapping(
      table.columns,
      questions,
      new Map(),
      table.rows.map((r) => r.cells),
    );
    expect(
      mappings.find((m) => m.column === table.columns.indexOf('Submitted at'))?.target,
    ).toEqual({ kind: 'submissionTime' });
    expect(mappings.find((m) => m.column === table.columns.indexOf('Company'))?.target).toEqual({
      kind: 'ignore',
    });
  });

  it('guesses a decimal comma and a dd.mm.yyyy date from the values', () => {
    const table = fixture('orders-semicolon-decimal-comma.csv');
    const catalogue: CatalogueQuestion[] = [
      { id: 'amount', name: 'Summe', type: 'NumberInput' },
      { id: 'day', name: 'Bestelldatum', type: 'DatePicker' },
    ];
    const mappings = suggestMapping(
      table.columns,
      catalogue,
      new Map(),
      table.rows.map((r) => r.cells),
    );
    expect(mappings[2]).toMatchObject({
      target: { id: 'amount' },
      convert: { decimalSeparator: ',' },
    });
    expect(mappings[3]).toMatchObject({
      target: { id: 'day' },
      convert: { dateFormat: 'dd.mm.yyyy' },
    });
  });

  it('offers the choice remembered for this form first', () => {
    const remembered = new Map([
      [
        normaliseHeader('Betrag'),
        {
          target: { kind: 'question' as const, id: 'q_amount', type: 'NumberInput' },
          convert: { decimalSeparator: ',' as const },
        },
      ],
    ]);
    const [first] = suggestMapping(['Betrag'], questions, remembered, []);
    expect(first).toMatchObject({
      remembered: true,
      target: { id: 'q_amount' },
      convert: { decimalSeparator: ',' },
    });
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCsv } from './readCsv';
import { type ContentQuestion } from './contentMatch';
import {
  fileDecimal,
  normaliseHeader,
  suggestMapping,
  type CatalogueQuestion,
} from './suggestMapping';

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

describe('suggestMapping by the values', () => {
  const form: ContentQuestion[] = [
    { id: 'nm', name: 'Full name', type: 'ShortAnswer' },
    { id: 'em', name: 'Email', type: 'EmailInput' },
    {
      id: 'st',
      name: 'How satisfied are you overall?',
      type: 'StarRating',
      rules: { min: 1, max: 5, whole: true },
    },
    {
      id: 'np',
      name: 'How likely are you to recommend us?',
      type: 'OpinionScale',
      rules: { min: 0, max: 10, whole: true },
    },
    {
      id: 'pl',
      name: 'Which plan are you on?',
      type: 'Dropdown',
      rules: { options: ['Starter plan', 'Pro plan'] },
    },
    { id: 'hd', name: 'How did you hear about us?', type: 'ShortAnswer' },
    { id: 'cm', name: 'Anything else you want to tell us?', type: 'LongAnswer' },
  ];
  const targets = (mappings: ReturnType<typeof suggestMapping>) =>
    mappings.map((m) => (m.target.kind === 'question' ? m.target.id : m.target.kind));

  it('maps columns whose headers say nothing by what they hold', () => {
    const mappings = suggestMapping(
      ['Name', 'Contact', 'Score', 'NPS', 'Tier', 'Comment'],
      form,
      new Map(),
      [
        ['Ann Lee', 'ann@example.com', '5', '9', 'Pro plan', 'Great'],
        ['Bo Chen', 'bo@example.com', '3', '10', 'starter plan', ''],
        ['Cy Ode', 'cy@example.com', '4', '7', 'Pro Plan', 'Slow on Mondays'],
      ],
    );
    expect(targets(mappings)).toEqual(['nm', 'em', 'st', 'np', 'pl', 'cm']);
    expect(mappings[1]).toMatchObject({
      reason: 'All of the first 3 values are e-mail addresses.',
    });
    expect(mappings[1]!.confidence).toBeLessThan(1);
    expect(mappings[5]!.reason).toBe(
      'Free text, and "Anything else you want to tell us?" is the form\'s only long-answer question left.',
    );
  });

  it('keeps a column for its question when a few values are wrong: those are for the review', () => {
    const mappings = suggestMapping(['Score', 'Tier', 'Submitted'], form, new Map(), [
      ['5', 'Pro plan', '04.03.2025'],
      ['9', 'Pro plna', '05.03.2025'],
      ['4', 'Gold', '06.03.2025'],
      ['3', 'Starter plan', '31.02.2025'],
    ]);
    expect(targets(mappings)).toEqual(['st', 'pl', 'submissionTime']);
    expect(mappings[0]!.reason).toBe('3 of the first 4 values are star ratings.');
    expect(mappings[2]!.convert).toEqual({ dateFormat: 'dd.mm.yyyy' });
  });

  it('leaves free text unmapped when more than one text question could take it', () => {
    const [only] = suggestMapping(['Column 7'], form, new Map(), [['Great'], ['Fine']]);
    expect(only!.target).toEqual({ kind: 'ignore' });
  });

  it('does not take a 0–10 column for the 5-star rating', () => {
    const [first] = suggestMapping(
      ['Score'],
      form.filter((q) => q.id === 'st'),
      new Map(),
      [['9'], ['2']],
    );
    expect(first!.target).toEqual({ kind: 'ignore' });
  });

  it('reads every number column of a file in the file’s one decimal mark', () => {
    const mappings = suggestMapping(
      ['Amount', 'Total'],
      [
        { id: 'a', name: 'Amount', type: 'NumberInput' },
        { id: 't', name: 'Total', type: 'NumberInput' },
      ],
      new Map(),
      [
        ['1,234', '3,5'],
        ['2,000', '1.234,5'],
      ],
    );
    expect(mappings.map((m) => m.convert)).toEqual([
      { decimalSeparator: ',' },
      { decimalSeparator: ',' },
    ]);
    expect(fileDecimal([['1,234', '3.5']])).toBe('.');
  });
});

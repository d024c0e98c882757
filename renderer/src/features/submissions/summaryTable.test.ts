import { describe, expect, it } from 'vitest';
import { type QuestionSummary } from '../../../../electron/shared/contract/summary';
import { summaryTable, tableCsv } from './summaryTable';

const base = { key: 'q', name: 'Q', type: 'Dropdown', answered: 4 };

describe("a chart's numbers to copy", () => {
  it('lists each answer with its count and share, an answer that looks like a formula made safe', () => {
    const question: QuestionSummary = {
      ...base,
      kind: 'choice',
      multiple: false,
      options: [
        { value: 'Pro plan', count: 3 },
        { value: '=HYPERLINK("x")', count: 0 },
      ],
      other: 1,
    };
    expect(tableCsv(summaryTable(question))).toBe(
      'Answer,Submissions,Share (%)\r\nPro plan,3,75.0\r\n"\'=HYPERLINK(""x"")",0,0.0\r\nOther answers,1,25.0\r\n',
    );
  });

  it("gives a matrix's grid as rows and columns, with no bars to draw", () => {
    const table = summaryTable({
      ...base,
      type: 'Matrix',
      kind: 'matrix',
      rows: ['Support', 'Billing'],
      columns: ['Good', 'Poor'],
      cells: [
        { row: 'Support', column: 'Good', count: 3 },
        { row: 'Billing', column: 'Poor', count: 1 },
      ],
    });
    expect([table.header, ...table.rows]).toEqual([
      ['Row', 'Good', 'Poor'],
      ['Support', '3', '0'],
      ['Billing', '0', '1'],
    ]);
    expect(table.bars).toEqual([]);
  });

  it('draws a ranking with the first place longest', () => {
    const table = summaryTable({
      ...base,
      type: 'Ranking',
      kind: 'ranking',
      items: [
        { value: 'Price', averagePosition: 1.5, count: 4 },
        { value: 'Speed', averagePosition: 2.5, count: 4 },
      ],
    });
    expect(table.bars.map((b) => [b.label, b.value, b.shown])).toEqual([
      ['Price', 1.5, 'average place 1.5'],
      ['Speed', 0.5, 'average place 2.5'],
    ]);
  });
});

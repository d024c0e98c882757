import { describe, expect, it } from 'vitest';
import { writeCsv } from '../../shared/csv/writeCsv';
import { readCsv } from './readCsv';
import { PROBLEM_COLUMN, restoreOwnExport } from './ownExport';

const read = (rows: string[][]) =>
  restoreOwnExport(readCsv(new TextEncoder().encode(writeCsv(rows, { neutraliseFormulas: true }))));

describe('restoreOwnExport', () => {
  it('takes away the marks Formdesk put in its own file, header included', () => {
    const table = read([
      ['=Name', 'Phone', PROBLEM_COLUMN],
      ['a;=1+2', '+44 20 7946 0958', 'Enter an e-mail address.'],
    ]);
    expect(table.columns).toEqual(['=Name', 'Phone', PROBLEM_COLUMN]);
    expect(table.rows[0]!.cells).toEqual([
      'a;=1+2',
      '+44 20 7946 0958',
      'Enter an e-mail address.',
    ]);
  });

  it("leaves a person's own file as it is, marks and all", () => {
    const bytes = new TextEncoder().encode("Name,Phone\r\n'=1+2,'+44 20 7946 0958\r\n");
    expect(restoreOwnExport(readCsv(bytes)).rows[0]!.cells).toEqual(["'=1+2", "'+44 20 7946 0958"]);
  });
});

import { describe, expect, it } from 'vitest';
import { sheetName } from '../sheets/xlsxChunks';
import { exportFileName, freeName } from './exportFile';

describe('export file names', () => {
  it('names a file after the form and the day, as a person reads it', () => {
    expect(exportFileName('Customer feedback', '2026-11-28', 'csv')).toBe(
      'Customer feedback - 2026-11-28.csv',
    );
    expect(exportFileName('Anmeldung – Café 2026', '2026-11-28', 'xlsx')).toBe(
      'Anmeldung – Café 2026 - 2026-11-28.xlsx',
    );
  });

  it('keeps a name safe on every system', () => {
    const day = '2026-11-28';
    expect(exportFileName('../../etc/passwd', day, 'csv')).toBe('etc passwd - 2026-11-28.csv');
    expect(exportFileName('Q1: "Sales" <draft>|final?*', day, 'csv')).toBe(
      'Q1 Sales draft final - 2026-11-28.csv',
    );
    expect(exportFileName('a\u0000b\u202ec\nd', day, 'csv')).toBe('a b c d - 2026-11-28.csv');
    expect(exportFileName('Trailing dots...  ', day, 'csv')).toBe('Trailing dots - 2026-11-28.csv');
    expect(exportFileName('CON', day, 'csv')).toBe('Export CON - 2026-11-28.csv');
    expect(exportFileName('aux.form', day, 'csv')).toBe('Export aux.form - 2026-11-28.csv');
    expect(exportFileName('///', day, 'csv')).toBe('Export - 2026-11-28.csv');
    for (const long of ['x'.repeat(500), '😀'.repeat(500)])
      expect(Buffer.byteLength(exportFileName(long, day, 'xlsx'))).toBeLessThan(230);
  });

  it('adds a number when the name is taken', () => {
    const taken = new Set(['Orders - 2026-11-28.csv', 'Orders - 2026-11-28 (2).csv']);
    expect(freeName('Orders - 2026-11-28.csv', (n) => taken.has(n))).toBe(
      'Orders - 2026-11-28 (3).csv',
    );
    expect(freeName('Orders - 2026-11-29.csv', (n) => taken.has(n))).toBe(
      'Orders - 2026-11-29.csv',
    );
  });

  it("names a sheet within Excel's rules", () => {
    expect(sheetName('Customer feedback')).toBe('Customer feedback');
    expect(sheetName('Q1/Q2 [draft]: sales?*')).toBe('Q1 Q2 draft sales');
    expect(sheetName('A name well past thirty-one characters long')).toHaveLength(31);
    expect(sheetName("'quoted'")).toBe('quoted');
    expect(sheetName('History')).toBe('Submissions');
    expect(sheetName('')).toBe('Submissions');
    expect(sheetName('😀'.repeat(40))).toBe('😀'.repeat(15));
  });
});

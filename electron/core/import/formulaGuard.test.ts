import { describe, expect, it } from 'vitest';
import { neutraliseFormulas, restoreFormulas } from '../../shared/csv/formulaGuard';

describe('formula guard', () => {
  it('marks every part a spreadsheet would run as a formula, under any delimiter', () => {
    const cases: [string, string][] = [
      ['=1+1', "'=1+1"],
      ['+1+1', "'+1+1"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
      [' =1+1', "' =1+1"],
      ['"=1+1"', `'"=1+1"`],
      ['-', "'-"],
      ['a;=1+2', "a;'=1+2"],
      ['a,b;+1+1\t@x\r\n-2+3', "a,b;'+1+1\t'@x\r\n'-2+3"],
      // Next to a separator even a number is marked: a reader may see it with a quote beside it.
      ['1;-5', "1;'-5"],
      ['\t=cmd', "\t'=cmd"],
      // Full-width and small forms Excel takes for the signs themselves.
      ['＝1+2', "'＝1+2"],
      ['－１', "'－１"],
      ['x;＠SUM(A1)', "x;'＠SUM(A1)"],
      ['﹦1', "'﹦1"],
    ];
    for (const [text, safe] of cases) expect(neutraliseFormulas(text)).toBe(safe);
  });

  it('leaves plain numbers and ordinary text alone', () => {
    for (const text of [
      '-5',
      '+1.5',
      '42',
      '-0.25',
      '2e3',
      '-.5',
      'normal',
      'e-mail',
      'a=b',
      '',
      "'quoted",
      "'-5",
    ]) {
      expect(neutraliseFormulas(text)).toBe(text);
    }
  });

  it('is undone exactly, also for values that already carried a mark of their own', () => {
    for (const text of [
      '=1+1',
      "'=1+1",
      "''+44 20 7946 0958",
      'a;=1+2',
      "'x",
      "'-5",
      '-5',
      '1;-5',
      "1;'-5",
      "a;'@b",
    ]) {
      expect(restoreFormulas(neutraliseFormulas(text))).toBe(text);
    }
    expect(neutraliseFormulas("'=1+1")).toBe("''=1+1");
  });
});

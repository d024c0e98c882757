import { describe, expect, it } from 'vitest';
import { csvField, csvLine, neutraliseFormula } from './csvCell';

describe('CSV cells', () => {
  it('neutralises every text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1+1', '-2+3', '@SUM(A1:A2)', ' =1+1', '\t=cmd', '\r=cmd', '-', '+', '=']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
  });

  it('leaves plain numbers and ordinary text alone', () => {
    for (const text of ['-5', '+1.5', '42', '-0.25', '2e3', '-.5', 'normal', 'e-mail', 'a=b', '']) {
      expect(neutraliseFormula(text)).toBe(text);
    }
  });

  it('quotes fields holding delimiters, quotes or line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvLine(['=HYPERLINK("x","y")', '-5'])).toBe('"\'=HYPERLINK(""x"",""y"")",-5\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { shownLine, shownText, tooltipOf } from './respondentText';

describe('respondent text as drawn', () => {
  it('writes out bidi overrides, isolates and marks, so a name reads as typed', () => {
    expect(shownLine('Bob \u202enimda\u202c')).toBe('Bob ⟨U+202E⟩nimda⟨U+202C⟩');
    expect(shownLine('invoice\u202efdp.exe')).toBe('invoice⟨U+202E⟩fdp.exe');
    for (const char of ['\u2066', '\u2069', '\u200e', '\u200f', '\u061c', '\u0000', '\u009b'])
      expect(shownLine(`a${char}b`)).not.toContain(char);
  });

  it('keeps tabs, line breaks and scripts written right to left as they are', () => {
    expect(shownText('שלום\nעולם\tx')).toEqual({
      text: 'שלום\nעולם\tx',
      hidden: 0,
      revealed: false,
    });
  });

  it('cuts a 900 KB word to what is drawn, saying how much is left out', () => {
    const word = 'x'.repeat(900_000);
    const shown = shownText(word);
    expect(shown.text).toHaveLength(4000);
    expect(shown.hidden).toBe(896_000);
    expect(shownLine(word)).toHaveLength(301);
    expect(tooltipOf(word).length).toBeLessThanOrEqual(501);
  });

  it('flags hidden characters past the cut too, and never splits a surrogate pair', () => {
    expect(shownText(`${'x'.repeat(5000)}\u202e`).revealed).toBe(true);
    const shown = shownText(`${'x'.repeat(3999)}😀`);
    expect(shown.text).toBe('x'.repeat(3999));
    expect(shown.hidden).toBe(2);
  });
});

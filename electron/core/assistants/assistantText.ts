/**
 * Respondents' text on its way to an assistant. Characters a reader cannot see (controls, bidi
 * marks, zero-width and tag characters) are where instructions hide from the person watching, so
 * each is written out as its code point; and a long answer is cut, saying how much was left out.
 */

// Format characters (Cf: bidi, zero-width, tags) and controls but tab and line breaks.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\p{Cf}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/gu;

/** What an assistant is told stands in for a contact answer it may not see. */
export const MASKED = '[contact answer hidden: allow contact answers in Formdesk to see it]';

export function assistantText(text: string, limit: number): string {
  const chars = [...text];
  const cut = chars.length > limit ? chars.slice(0, limit).join('') : text;
  const shown = cut.replace(
    INVISIBLE,
    (char) => `⟨U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
  return chars.length > limit
    ? `${shown}… [${chars.length - limit} more characters not shown]`
    : shown;
}

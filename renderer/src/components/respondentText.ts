/**
 * Respondents' text is typed by the public: before any of it is drawn it passes through here.
 * Characters that reorder or hide what is around them are written out as visible marks, and
 * text is cut to what a screen can lay out at once.
 */

/**
 * Bidi embeddings, overrides, isolates and marks, the Arabic letter mark, line and paragraph
 * separators, C0 and C1 controls but tab and line breaks, and the byte-order mark.
 */
const HIDDEN_OR_REORDERING =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** How much of one answer the drawer draws before "Show all". */
export const SHOWN_CHARACTERS = 4000;
/** How much a one-line cell or a bar label holds: the rest is past its ellipsis anyway. */
export const LINE_CHARACTERS = 300;
/** How much a tooltip (`title`) carries. */
export const TOOLTIP_CHARACTERS = 500;

/** The visible stand-in for a hidden character: its code point, in angle brackets. */
export function markOf(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

export function hasHiddenCharacters(text: string): boolean {
  return text.search(HIDDEN_OR_REORDERING) !== -1;
}

/** The text with every hidden or reordering character written out as its mark. */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN_OR_REORDERING, markOf);
}

/** One piece of respondent text, made safe to draw. */
export interface ShownText {
  /** What is drawn: marks revealed, cut at the limit. */
  text: string;
  /** Characters of the original left out of `text`. */
  hidden: number;
  /** Whether the original held hidden or reordering characters. */
  revealed: boolean;
}

/**
 * The first `limit` characters of `text` with its hidden characters revealed. The cut is made
 * before revealing, so a string of controls cannot grow past a few times the limit, and never
 * inside a surrogate pair.
 */
export function shownText(text: string, limit: number = SHOWN_CHARACTERS): ShownText {
  let end = Math.min(text.length, limit);
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return {
    text: revealHidden(text.slice(0, end)),
    hidden: text.length - end,
    revealed: hasHiddenCharacters(text),
  };
}

/** A line of respondent text for a table cell, a label or a sentence. */
export function shownLine(text: string, limit: number = LINE_CHARACTERS): string {
  const shown = shownText(text, limit);
  return shown.hidden > 0 ? `${shown.text}…` : shown.text;
}

/** A tooltip of respondent text: revealed, and short enough to show. */
export function tooltipOf(text: string): string {
  return shownLine(text, TOOLTIP_CHARACTERS);
}

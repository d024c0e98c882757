/**
 * A LIKE pattern for "contains `text`", the text taken as typed: its `%`, `_` and `\` match
 * themselves. Use it with `LIKE ? ESCAPE '\'`.
 */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

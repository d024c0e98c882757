import { compactDateTime } from './compactDate';

/** The cell's horizontal padding (10 px each side, see gridLayout) and room for the sort icon. */
const CELL_CHROME = 20 + 24;
/** Where no canvas can measure (tests outside a browser): wide enough for the longest locale forms. */
const FALLBACK_WIDTH = 220;

let measured: number | null = null;

/**
 * The width a date-and-time column needs for its widest compact value in the viewer's locale, so
 * "Submitted" and "Last updated" are never cut: the longest month and day, a two-digit hour and
 * the longest day period, measured in the table's own font.
 */
export function dateColumnWidth(): number {
  if (measured !== null) return measured;
  const context =
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (context === null) return FALLBACK_WIDTH;
  const body = getComputedStyle(document.body);
  context.font = `14px ${body.fontFamily}`;
  let widest = 0;
  const year = new Date().getFullYear();
  // This year's dates (with their time) and older ones (with their year) are written apart.
  for (const y of [year, year - 1]) {
    for (let month = 0; month < 12; month++) {
      for (const hour of [10, 22]) {
        const sample = new Date(y, month, 28, hour, 58).toISOString();
        widest = Math.max(widest, context.measureText(compactDateTime(sample)).width);
      }
    }
  }
  measured = Math.ceil(widest) + CELL_CHROME;
  return measured;
}

import { type CellObject } from '@e965/xlsx';

/** Excel keeps 15 significant digits: more is float noise (0.1+0.2 is 0.30000000000000004). */
const NUMBER_TEXT = new Intl.NumberFormat('en-US', {
  useGrouping: false,
  maximumSignificantDigits: 15,
});
const DAY_MS = 86_400_000;
/** The largest date serial Excel has (9999-12-31). */
const LAST_SERIAL = 2_958_465;

/** What a cell's text depends on beyond the cell: the workbook's date system and its formats. */
export interface CellReading {
  /** The workbook counts its dates from 1904 (as Excel for Mac once did). */
  date1904: boolean;
  /** Whether a number format shows a date or a time (SheetJS's `SSF.is_date`). */
  isDateFormat(format: string): boolean;
}

/**
 * A workbook cell as the text the import reads, meaning kept: a number in plain digits with a
 * `.` decimal mark (never a locale's format or an exponent), a date or time as ISO text (never
 * its serial number), a boolean as true/false, a formula as its cached value, an empty cell as ''.
 * These are the forms the column conversions read without any setting.
 */
export function workbookCellText(cell: CellObject | undefined, reading: CellReading): string {
  if (!cell) return '';
  switch (cell.t) {
    case 'n':
      return typeof cell.v === 'number' ? numberText(cell.v, cell.z, reading) : '';
    case 'b':
      return cell.v ? 'true' : 'false';
    case 's':
      return typeof cell.v === 'string' ? cell.v : '';
    case 'e':
      // An error the formula left (#N/A, #DIV/0!) shows as Excel shows it, for the person to fix.
      return cell.w ?? '#ERROR';
    default:
      return '';
  }
}

function numberText(value: number, format: CellObject['z'], reading: CellReading): string {
  const isDate = typeof format === 'string' && reading.isDateFormat(format);
  if (isDate && value >= 0 && value <= LAST_SERIAL) return serialToIso(value, reading.date1904);
  return NUMBER_TEXT.format(value);
}

/**
 * A date serial as `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm:ss` or, under one day, `HH:mm:ss`: a wall
 * time without a zone, which the column's time zone places. Counted in UTC, so the computer's own
 * zone never moves a day. The 1900 system counts 1900-02-29, a day that never was (as Lotus did).
 */
function serialToIso(serial: number, date1904: boolean): string {
  const whole = Math.floor(serial);
  const ms = Math.round((serial - whole) * DAY_MS);
  const epoch = date1904
    ? Date.UTC(1904, 0, 1)
    : whole < 60
      ? Date.UTC(1899, 11, 31)
      : Date.UTC(1899, 11, 30);
  const iso = new Date(epoch + whole * DAY_MS + ms).toISOString();
  const time = iso.slice(11, ms % 1000 === 0 ? 19 : 23);
  if (whole === 0 && !date1904) return time;
  return ms === 0 ? iso.slice(0, 10) : `${iso.slice(0, 10)}T${time}`;
}

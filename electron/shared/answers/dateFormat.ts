/** Times as the viewer reads them: their locale and zone. Date-only answers stay zone-free. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : dateTime.format(time);
}

/** `2025-03-04` is a calendar day, not an instant: read and shown in UTC so it never shifts. */
export function formatDay(isoDay: string): string {
  const time = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time.getTime()) ? isoDay : dateOnly.format(time);
}

export function formatAnswerDate(iso: string, withTime: boolean): string {
  return withTime ? formatDateTime(iso) : formatDay(iso);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DAY_TIME = /^\d{4}-\d{2}-\d{2}T/;

/**
 * Two ends of a range written once, as the viewer's locale joins them ("3–7 Mar 2026" or
 * "Mar 3 – 7, 2026"); an end that is missing reads "…".
 */
export function formatDayRange(start: string | null, end: string | null, locale?: string): string {
  const withTime = [start, end].some((iso) => iso !== null && ISO_DAY_TIME.test(iso));
  const format = withTime
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const read = (iso: string | null) => {
    if (iso === null) return null;
    if (!ISO_DAY.test(iso) && !ISO_DAY_TIME.test(iso)) return null;
    const time = new Date(ISO_DAY.test(iso) && !withTime ? `${iso}T00:00:00Z` : iso);
    return Number.isNaN(time.getTime()) ? null : time;
  };
  const from = read(start);
  const to = read(end);
  const one = (iso: string | null, time: Date | null) =>
    time ? format.format(time) : (iso ?? '…');
  if (from && to && from <= to) return format.formatRange(from, to);
  return `${one(start, from)} – ${one(end, to)}`;
}

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

const thisYear = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const otherYear = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/**
 * An instant as a table cell shows it, in the viewer's locale and zone: this year's without the
 * year, an older one by its day alone. The cell's tooltip and the drawer give it whole.
 */
export function compactDateTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return (time.getFullYear() === now.getFullYear() ? thisYear : otherYear).format(time);
}

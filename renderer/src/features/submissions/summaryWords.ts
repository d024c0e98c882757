const whole = new Intl.NumberFormat('en');
const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const PLURALS = new Intl.PluralRules('en');

/** "1 submission", "2,048 submissions", "no submissions". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  if (n === 0) return `no ${plural}`;
  return `${whole.format(n)} ${PLURALS.select(n) === 'one' ? singular : plural}`;
}

/** A share as people read it: "42%", "under 1%" for a few among many, "0%" for none. */
export function percent(part: number, of: number): string {
  if (of === 0 || part === 0) return '0%';
  const share = (part / of) * 100;
  if (share < 1) return 'under 1%';
  // Rounded up, a share that leaves some out would read as all of them.
  if (share > 99 && part < of) return 'over 99%';
  return `${Math.round(share)}%`;
}

/** "Answered by 312 of 420 (74%)", "Answered by all 3", "Nobody answered yet". */
export function answeredLine(answered: number, total: number): string {
  if (answered === 0) return 'Nobody in this view answered it';
  if (answered === total)
    return answered === 1
      ? 'Answered by the one submission'
      : `Answered by all ${whole.format(total)}`;
  return `Answered by ${whole.format(answered)} of ${whole.format(total)} (${percent(answered, total)})`;
}

/** A figure with at most one decimal: 4.25 → "4.3", 1200 → "1,200". */
export function figure(value: number): string {
  return decimal.format(value);
}

/** An amount in a currency's minor unit (cents) as money: 123456 usd → "$1,234.56". */
export function money(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // Not a currency code Intl knows: the amount as sent, with the code beside it.
    return `${whole.format(minor)} ${code || '(no currency)'}`;
  }
}

/** A day (YYYY-MM-DD) as a short label for its bucket: "3 Mar", "week of 3 Mar", "Mar 2026". */
export function bucketLabel(start: string, bucket: 'day' | 'week' | 'month'): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (bucket === 'month')
    return date.toLocaleDateString('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = date.toLocaleDateString('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return bucket === 'week' ? `week of ${day}` : day;
}

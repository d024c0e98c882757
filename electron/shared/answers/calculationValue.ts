/**
 * A calculation's value for people. The service sends every value as a string; `duration`
 * calculations count seconds, shown as "4 min 58 s". Anything that does not parse stays as sent.
 */
export function formatCalculation(type: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (type !== 'duration') return value;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0) return value;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** `1 request`, `2 requests`, `1,234 rows`: a count and its noun, in the reader's digits. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** `69 rows/s`; a pace under 10 keeps one decimal (`2.5 rows/s`), as whole numbers would read 0–9 jumpily. */
export function perSecond(rate: number, unit: string): string {
  const shown = rate >= 10 ? Math.round(rate) : Math.round(rate * 10) / 10;
  return `${shown.toLocaleString()} ${unit}/s`;
}

/** `83_000` → `1 min 23 s`; `1 h 5 min`; under a second → `less than a second`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return 'less than a second';
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** An estimate: `about 2 min`, but `less than a second` (never "about under 1 s"). */
export function aboutDuration(ms: number): string {
  return ms < 1000 ? formatDuration(ms) : `about ${formatDuration(ms)}`;
}

/** `200 MB`, `1.5 KB`, `512 B`: one decimal only where it says something. */
export function formatBytes(n: number): string {
  const [value, unit] =
    n < 1024 ? [n, 'B'] : n < 1024 * 1024 ? [n / 1024, 'KB'] : [n / 1024 / 1024, 'MB'];
  const rounded = value >= 100 || unit === 'B' ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded.toLocaleString()} ${unit}`;
}

/**
 * How far along a count is, in whole percent: 100 only once all is done and 0 only before any
 * is, so a bar never claims the end early nor hides a start.
 */
export function progressPercent(done: number, total: number): number {
  if (total <= 0 || done <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.max(1, Math.round((done / total) * 100)));
}

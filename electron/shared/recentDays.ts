const DAY_MS = 86_400_000;

/**
 * Where "the last N days" starts: N whole days before this instant. One window for every place
 * that says it (the table's date presets, a form's count on its card), so they count the same rows.
 */
export function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

import type { FormRow } from '../../../../electron/shared/contract';

export type PerDay = NonNullable<FormRow['perDay']>;

/** The few words under a form's chart: how many submissions over how many days. */
export function summarizeActivity(perDay: PerDay): { total: number; days: number; label: string } {
  const total = perDay.reduce((sum, day) => sum + day.count, 0);
  const days = perDay.length;
  const span = days === 1 ? 'today' : `in the last ${days} days`;
  const label =
    total === 0
      ? `No submissions ${span}`
      : `${new Intl.NumberFormat().format(total)} submission${total === 1 ? '' : 's'} ${span}`;
  return { total, days, label };
}

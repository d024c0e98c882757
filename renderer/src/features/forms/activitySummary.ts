import type { FormRow } from '../../../../electron/shared/contract';

export type PerDay = NonNullable<FormRow['perDay']>;

/**
 * The few words under a form's chart: how many submissions over how many days. With `recent`, the
 * finished ones in the table's "Last N days" window, so the card and the table agree.
 */
export function summarizeActivity(
  perDay: PerDay,
  recent?: FormRow['recent'],
): { total: number; days: number; label: string } {
  const total = recent ? recent.finished : perDay.reduce((sum, day) => sum + day.count, 0);
  const days = recent ? recent.days : perDay.length;
  const span = days === 1 ? 'today' : `in the last ${days} days`;
  const what = recent ? 'finished submission' : 'submission';
  const label =
    total === 0
      ? `No ${what}s ${span}`
      : `${new Intl.NumberFormat().format(total)} ${what}${total === 1 ? '' : 's'} ${span}`;
  return { total, days, label };
}

import { Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';

dayjs.extend(relativeTime);

/** "5 minutes ago", kept current, with the exact local time on hover. */
export function RelativeTime({
  value,
  fallback = 'never',
  withTooltip = true,
}: {
  value: string | number | Date | null | undefined;
  fallback?: string;
  /** Off where the text sits inside a tooltip of its own, which then names the exact time. */
  withTooltip?: boolean;
}) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((tick) => tick + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  if (value === null || value === undefined) return <span>{fallback}</span>;
  const time = dayjs(value);
  if (!time.isValid()) return <span>{fallback}</span>;
  const shown = <time dateTime={time.toISOString()}>{time.fromNow()}</time>;
  return withTooltip ? <Tooltip label={exactTime(time.toDate())}>{shown}</Tooltip> : shown;
}

/** A moment as the person's locale writes it, to the second. */
export function exactTime(date: Date): string {
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

import { Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';

dayjs.extend(relativeTime);

/** "5 minutes ago", kept current, with the exact local time on hover. */
export function RelativeTime({
  value,
  fallback = 'never',
}: {
  value: string | number | Date | null | undefined;
  fallback?: string;
}) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((tick) => tick + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  if (value === null || value === undefined) return <span>{fallback}</span>;
  const time = dayjs(value);
  if (!time.isValid()) return <span>{fallback}</span>;
  return (
    <Tooltip label={time.format('YYYY-MM-DD HH:mm:ss')}>
      <time dateTime={time.toISOString()}>{time.fromNow()}</time>
    </Tooltip>
  );
}

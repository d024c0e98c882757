import { Loader, Text } from '@mantine/core';
import { type SubmissionWindows } from './useSubmissionWindows';

const numberFormat = new Intl.NumberFormat();

/** How many submissions the view holds, said as they load, count and change. */
export function ResultCount({ windows }: { windows: SubmissionWindows }) {
  return (
    <>
      <Text
        size="sm"
        c="dimmed"
        aria-live="polite"
        data-testid="result-count"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {windows.isLoading
          ? 'Loading…'
          : windows.counting
            ? 'Counting matches…'
            : // "N of M": M is everything cached for this status, larger only when filters narrow it.
              windows.unnarrowed !== null && windows.unnarrowed > windows.total
              ? `${numberFormat.format(windows.total)} of ${numberFormat.format(windows.unnarrowed)} submissions`
              : `${numberFormat.format(windows.total)} submissions`}
      </Text>
      {/* Rows on screen stay while a new query loads; this says they are about to change. */}
      {windows.isFetching && !windows.isLoading && <Loader size={12} aria-label="Updating" />}
    </>
  );
}

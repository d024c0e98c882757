import { Skeleton, Stack } from '@mantine/core';

/** Placeholder rows shaped like the content to come, so the layout does not jump. */
export function LoadingState({
  rows = 4,
  height = 56,
  label = 'Loading',
}: {
  rows?: number;
  height?: number;
  label?: string;
}) {
  return (
    <Stack gap="sm" data-state="loading" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

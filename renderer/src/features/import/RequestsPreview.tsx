import { Code, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useOp } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { aboutDuration, countOf } from '../../components/plainNumbers';

/** What would be sent, without sending: requests, time at the rate limit, the first bodies. */
export function RequestsPreview({ jobId }: { jobId: string }) {
  const plan = useOp('imports.dryRun', { jobId }, { staleTime: 0 });
  if (plan.isError) return <ErrorAlert error={plan.error} onRetry={() => void plan.refetch()} />;
  if (!plan.data) return <LoadingState rows={3} height={36} label="Planning the requests" />;
  const { rowsToSend, skippedAlreadyImported, requests, expectedDurationMs, firstBatches } =
    plan.data;
  return (
    <Stack gap="sm" data-state="ready">
      <Text size="sm" fw={600}>
        Nothing has been sent yet: these are the requests “Start import” will send.
      </Text>
      <Text aria-label="Requests summary">
        {countOf(rowsToSend, 'row')} to send in {countOf(requests, 'request')}
        {requests > 1 && ' of up to 10 rows each'}: {aboutDuration(expectedDurationMs)} at the
        service&apos;s 5 requests a second.
        {skippedAlreadyImported > 0 &&
          ` ${countOf(skippedAlreadyImported, 'row')} imported before ${skippedAlreadyImported === 1 ? 'is' : 'are'} skipped.`}
      </Text>
      <Text size="sm" c="dimmed">
        Rows without a time in the file get their own submission time when the import starts; that
        is how an interrupted batch is recognised on the server and never sent twice.
      </Text>
      {firstBatches.map((batch, i) => (
        <Stack key={i} gap={4}>
          <Title order={4} fz="sm">
            Request {i + 1}:{' '}
            {batch.rows.length === 1
              ? `line ${batch.rows[0]}`
              : `lines ${batch.rows[0]}–${batch.rows.at(-1)}`}
          </Title>
          <ScrollArea h={200}>
            <Code block aria-label={`Request ${i + 1} body`}>
              {JSON.stringify(batch.body, null, 2)}
            </Code>
          </ScrollArea>
        </Stack>
      ))}
    </Stack>
  );
}

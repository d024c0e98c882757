import { Alert, Code, ScrollArea, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useOp } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { aboutDuration, countOf } from '../../components/plainNumbers';
import { SentText } from './SentText';

const linesOf = (rows: readonly number[]) =>
  rows.length === 1 ? `line ${rows[0]}` : `lines ${rows[0]}–${rows.at(-1)}`;

/**
 * What would be sent, without sending: requests, time at the rate limit, and the first rows by
 * question title; the request bodies themselves on demand.
 */
export function RequestsPreview({ jobId }: { jobId: string }) {
  const plan = useOp('imports.dryRun', { jobId }, { staleTime: 0 });
  const [asJson, setAsJson] = useState(false);
  if (plan.isError) return <ErrorAlert error={plan.error} onRetry={() => void plan.refetch()} />;
  if (!plan.data) return <LoadingState rows={3} height={36} label="Planning the requests" />;
  const { rowsToSend, skippedAlreadyImported, requests, expectedDurationMs, firstBatches, shown } =
    plan.data;
  return (
    <Stack gap="sm" data-state="ready">
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle size={18} aria-hidden />}
        title="Nothing has been sent yet"
        role="note"
      >
        These are the requests “Start import” will send.
      </Alert>
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
      {firstBatches.length > 0 && (
        <Switch
          size="sm"
          label="Show as JSON"
          checked={asJson}
          onChange={(e) => setAsJson(e.currentTarget.checked)}
        />
      )}
      {firstBatches.map((batch, i) => (
        <Stack key={i} gap={4}>
          <Title order={4} fz="sm">
            Request {i + 1}: {linesOf(batch.rows)}
          </Title>
          {asJson ? (
            <ScrollArea h={200}>
              <Code block aria-label={`Request ${i + 1} body`}>
                {JSON.stringify(batch.body, null, 2)}
              </Code>
            </ScrollArea>
          ) : (
            <ScrollArea>
              <Table
                withTableBorder
                withColumnBorders
                verticalSpacing={4}
                aria-label={`Request ${i + 1} rows`}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    {shown.fields.map((f, column) => (
                      <Table.Th key={column}>{f.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.rows
                    .filter((row) => row.request === i + 1)
                    .map((row) => (
                      <Table.Tr key={row.line} data-line={row.line}>
                        <Table.Td c="dimmed">{row.line}</Table.Td>
                        {row.values.map((sent, column) => (
                          <Table.Td key={column}>
                            <SentText sent={sent} kind={shown.fields[column]?.kind} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

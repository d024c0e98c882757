import { Badge, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { toErrorShape, useInvoke, useOp } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { DecideRow, RowsToCheck } from './RowsToCheck';

const STATUS_COLOR: Record<string, string> = {
  created: 'teal',
  failed: 'red',
  invalid: 'red',
  skipped: 'gray',
  excluded: 'gray',
  sending: 'yellow',
  pending: 'blue',
  unconfirmed: 'orange',
  left: 'gray',
};
/** A row's outcome in the words every screen of the import uses ("left out" for an unticked row). */
const STATUS_LABEL: Record<string, string> = {
  excluded: 'left out',
  skipped: 'imported before',
  invalid: 'with errors',
  unconfirmed: 'to check',
  left: 'left as it is',
};
const SHOWN = 500;

/** Saves bytes as a file the way a browser and Electron's renderer both can. */
function download(fileName: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Step 8: what happened to every row: created (with its submission), failed (with why), skipped. */
export function ReportStep({ jobId, formId }: { jobId: string; formId: string }) {
  const invoke = useInvoke();
  const report = useOp('imports.report', { jobId }, { refetchOnMount: 'always' });
  const [exporting, setExporting] = useState<
    'imports.exportFailed' | 'imports.exportReport' | null
  >(null);
  if (report.isError)
    return <ErrorAlert error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data) return <LoadingState rows={4} height={36} label="Loading the report" />;
  const { summary, rows } = report.data;
  const notImported = summary.failed + summary.invalid + summary.unconfirmed + summary.excluded;
  const ordered = [...rows]
    .sort(
      (a, b) =>
        Number(a.status !== 'unconfirmed') - Number(b.status !== 'unconfirmed') ||
        Number(a.status === 'created') - Number(b.status === 'created') ||
        a.line - b.line,
    )
    .slice(0, SHOWN);
  const unconfirmed = rows.filter((r) => r.status === 'unconfirmed').map((r) => r.rowIndex);

  const exportCsv = async (op: 'imports.exportFailed' | 'imports.exportReport') => {
    setExporting(op);
    try {
      const file = await invoke(op, { jobId });
      download(file.fileName, file.contentBase64);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'The export failed',
        message: toErrorShape(error).message,
      });
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack gap="sm" data-state={`report-${summary.state}`}>
      <Group gap="xs" aria-label="Import report">
        <Badge color="teal" variant="light" size="lg">
          {summary.created.toLocaleString()} created
        </Badge>
        <Badge color="red" variant="light" size="lg">
          {summary.failed.toLocaleString()} failed
        </Badge>
        <Badge color="red" variant="outline" size="lg">
          {summary.invalid.toLocaleString()} invalid
        </Badge>
        <Badge color="gray" variant="light" size="lg">
          {summary.excluded.toLocaleString()} left out
        </Badge>
        {summary.skipped > 0 && (
          <Badge color="gray" variant="outline" size="lg">
            {summary.skipped.toLocaleString()} imported before
          </Badge>
        )}
        {summary.unconfirmed > 0 && (
          <Badge color="orange" variant="light" size="lg">
            {summary.unconfirmed.toLocaleString()} to check
          </Badge>
        )}
        {summary.unknown > 0 && (
          <Badge color="yellow" variant="light" size="lg">
            {summary.unknown.toLocaleString()} not yet checked
          </Badge>
        )}
      </Group>
      {summary.notice && <Text size="sm">{summary.notice}</Text>}
      {unconfirmed.length > 0 && (
        <RowsToCheck jobId={jobId} formId={formId} rowIndexes={unconfirmed} />
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={notImported === 0}
          loading={exporting === 'imports.exportFailed'}
          onClick={() => void exportCsv('imports.exportFailed')}
        >
          Export rows to fix ({notImported.toLocaleString()})
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting === 'imports.exportReport'}
          onClick={() => void exportCsv('imports.exportReport')}
        >
          Export report
        </Button>
        <Button
          component="a"
          href={`#/submissions?${new URLSearchParams({ form: formId, import: jobId }).toString()}`}
          variant="light"
          leftSection={<IconTable size={16} />}
        >
          Open the submissions
        </Button>
      </Group>
      <ScrollArea h={420}>
        <Table aria-label="Rows of the import" stickyHeader verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th>Submission</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ordered.map((row) => (
              <Table.Tr key={row.rowIndex} data-line={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATUS_COLOR[row.status] ?? 'gray'}>
                    {STATUS_LABEL[row.status] ?? row.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {row.submissionId ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{row.message ?? ''}</Text>
                  {row.status === 'unconfirmed' && (
                    <DecideRow jobId={jobId} rowIndex={row.rowIndex} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

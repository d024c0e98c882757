import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { type ImportSummary } from '../../../../electron/shared/contract/imports';
import { useOp } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { RelativeTime } from '../../components/RelativeTime';
import { useAppLocation } from '../../app/useAppLocation';
import { ImportWizard, type WizardStart } from './ImportWizard';
import { FINISHED_STATES, IMPORT_STATE_LABELS } from './importStates';

const STATE_COLOR: Record<string, string> = {
  done: 'teal',
  doneToCheck: 'orange',
  running: 'blue',
  verifying: 'blue',
  paused: 'yellow',
  interrupted: 'orange',
  cancelled: 'gray',
  draft: 'gray',
};

/** Past and running imports, with interrupted ones offered for resume; and the wizard for a new one. */
export function ImportScreen() {
  const [wizard, setWizard] = useState<WizardStart | 'new' | null>(null);
  // Opened from a form (`#/import?form=…`): that form is the one imported into.
  const { formId: fromForm } = useAppLocation();
  const list = useOp('imports.list', {});
  const forms = useOp('forms.list', {});
  const formName = (id: string) => forms.data?.forms.find((f) => f.formId === id)?.name ?? id;

  if (wizard !== null) {
    return (
      <Stack gap="md">
        <Title order={2} fz="h3">
          Import a file
        </Title>
        <ImportWizard
          start={wizard === 'new' ? undefined : wizard}
          initialFormId={fromForm}
          onClose={() => setWizard(null)}
        />
      </Stack>
    );
  }

  const started = (list.data?.imports ?? []).filter((i) => i.state !== 'draft');
  const interrupted = started.filter((i) => i.state === 'interrupted');
  const open = (i: ImportSummary) => setWizard({ jobId: i.jobId, formId: i.formId });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          Imports
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setWizard('new')}>
          New import
        </Button>
      </Group>
      {interrupted.length > 0 && (
        <Alert
          color="orange"
          title={
            interrupted.length === 1
              ? 'An import was interrupted'
              : `${interrupted.length} imports were interrupted`
          }
        >
          <Group justify="space-between">
            <Text size="sm">
              Formdesk stopped while {interrupted.length === 1 ? 'it' : 'they'} ran. Resume to
              finish: batches that were on their way are checked on the server first, so no row is
              created twice.
            </Text>
            {interrupted.length === 1 && (
              <Button size="xs" color="orange" onClick={() => open(interrupted[0]!)}>
                Resume {interrupted[0]!.fileName}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {list.isPending ? (
        <LoadingState rows={3} height={40} label="Loading imports" />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : started.length === 0 ? (
        <EmptyState icon={<IconFileImport size={28} />} title="No imports yet">
          Import a CSV file as submissions of a form. Every row is sent exactly once, even if
          Formdesk or the connection stops half-way.
        </EmptyState>
      ) : (
        <Table highlightOnHover aria-label="Imports" data-state="ready">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Form</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Rows</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {started.map((i) => (
              <Table.Tr key={i.jobId} data-job-id={i.jobId}>
                <Table.Td>{i.fileName}</Table.Td>
                <Table.Td>{formName(i.formId)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATE_COLOR[i.state] ?? 'gray'}>
                    {IMPORT_STATE_LABELS[i.state]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {i.created.toLocaleString()} created · {i.failed.toLocaleString()} failed ·{' '}
                    {i.unconfirmed > 0 ? `${i.unconfirmed.toLocaleString()} to check · ` : ''}
                    {i.excluded.toLocaleString()} left out
                    {i.skipped > 0 ? ` · ${i.skipped.toLocaleString()} imported before` : ''}
                    {i.invalid > 0 ? ` · ${i.invalid.toLocaleString()} with errors` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RelativeTime value={i.createdAt} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant={i.state === 'interrupted' || i.state === 'paused' ? 'filled' : 'light'}
                    onClick={() => open(i)}
                  >
                    {i.state === 'interrupted' || i.state === 'paused'
                      ? 'Resume…'
                      : FINISHED_STATES.has(i.state)
                        ? 'Report'
                        : 'Progress'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

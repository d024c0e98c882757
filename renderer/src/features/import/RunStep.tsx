import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { type ImportSummary } from '../../../../electron/shared/contract/imports';
import { type EventOf, useAppEvent, useOp, useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { aboutDuration, countOf, perSecond } from '../../components/plainNumbers';
import { FINISHED_STATES, IMPORT_STATE_LABELS } from './importStates';

const RUNNING = new Set(['running', 'verifying']);

/** The import running, with its pace and time left; pause, resume and cancel between batches. */
export function RunStep({ jobId }: { jobId: string }) {
  // The job may be minutes old in the cached list (validation creates it): always ask again.
  const list = useOp('imports.list', {}, { refetchOnMount: 'always' });
  const [live, setLive] = useState<EventOf<'import.progress'> | null>(null);
  useAppEvent('import.progress', (event) => event.jobId === jobId && setLive(event));
  const pause = useOpMutation('imports.pause');
  const resume = useOpMutation('imports.resume');
  const cancel = useOpMutation('imports.cancel');

  const summary: ImportSummary | undefined = list.data?.imports.find((i) => i.jobId === jobId);
  if (list.isError) return <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  if (!summary) return null;
  const state = live?.state ?? summary.state;
  const rowsTotal = live?.rowsTotal ?? summary.rowsTotal - summary.excluded - summary.invalid;
  const rowsDone =
    live?.rowsDone ??
    summary.created + summary.failed + summary.skipped + summary.unconfirmed + summary.left;
  const failure = pause.error ?? resume.error ?? cancel.error;
  const notice = live?.notice ?? summary.notice;

  return (
    <Stack gap="md" data-state={`import-${state}`}>
      <Group justify="space-between">
        <Group gap="xs">
          <Badge
            size="lg"
            variant="light"
            color={
              state === 'done'
                ? 'teal'
                : state === 'doneToCheck'
                  ? 'orange'
                  : state === 'cancelled'
                    ? 'gray'
                    : RUNNING.has(state)
                      ? 'blue'
                      : 'yellow'
            }
          >
            {IMPORT_STATE_LABELS[state]}
          </Badge>
          <Text size="sm">
            {rowsDone.toLocaleString()} of {countOf(rowsTotal, 'row')}
            {live?.rowsPerSecond ? ` · ${perSecond(live.rowsPerSecond, 'rows')}` : ''}
            {live && live.etaMs !== null && live.etaMs > 0
              ? ` · ${aboutDuration(live.etaMs)} left`
              : ''}
          </Text>
        </Group>
        <Group gap="xs">
          {RUNNING.has(state) && (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={16} />}
              loading={pause.isPending}
              onClick={() => pause.mutate({ jobId })}
            >
              Pause
            </Button>
          )}
          {(state === 'paused' || state === 'interrupted') && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={resume.isPending}
              onClick={() => resume.mutate({ jobId })}
            >
              Resume
            </Button>
          )}
          {!FINISHED_STATES.has(state) && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconX size={16} />}
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ jobId })}
            >
              Cancel
            </Button>
          )}
        </Group>
      </Group>
      <Progress
        value={rowsTotal === 0 ? 0 : (rowsDone / rowsTotal) * 100}
        size="lg"
        aria-label="Import progress"
        animated={RUNNING.has(state)}
      />
      {live?.batchesTotal !== undefined && (
        <Text size="xs" c="dimmed">
          Batch {Math.min(live.batchesDone ?? 0, live.batchesTotal).toLocaleString()} of{' '}
          {live.batchesTotal.toLocaleString()} · created{' '}
          {(live.created ?? summary.created).toLocaleString()} · failed{' '}
          {(live.failed ?? summary.failed).toLocaleString()}
        </Text>
      )}
      {state === 'interrupted' && (
        <Alert color="yellow" title="This import was interrupted">
          Formdesk closed while it ran. Resume it: any batch that was on its way is checked on the
          server first, so nothing is created twice.
        </Alert>
      )}
      {notice && (
        <Alert color="blue" title="Checked on the server" data-testid="import-notice">
          {notice}
        </Alert>
      )}
      {failure && <ErrorAlert error={failure} />}
    </Stack>
  );
}

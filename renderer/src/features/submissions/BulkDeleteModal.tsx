import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type DeleteJobSummary } from '../../../../electron/shared/contract/bulkDelete';
import { useAppEvent, useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { DeleteJobControls } from './DeleteJobControls';
import { type SubmissionQuery } from './queryInput';
import { type RowSelection } from './rowSelection';

const numberFormat = new Intl.NumberFormat();

/**
 * Asks before a bulk delete, saying how many, on which form, and that the service cannot restore
 * them; then follows the job, which goes on (and resumes after a restart) when the dialog closes.
 */
export function BulkDeleteModal({
  formName,
  query,
  selection,
  count,
  onClose,
  onStarted,
}: {
  formName: string;
  query: SubmissionQuery;
  selection: RowSelection;
  count: number;
  onClose(): void;
  onStarted(): void;
}) {
  const remove = useOpMutation('submissions.deleteMany', {
    invalidates: ['deleteJobs.'],
    onSuccess: onStarted,
  });
  const [latest, setLatest] = useState<Record<string, DeleteJobSummary>>({});
  useAppEvent('delete.progress', (event) =>
    setLatest((known) => ({ ...known, [event.job.jobId]: event.job })),
  );
  const job = remove.data ? (latest[remove.data.jobId] ?? remove.data) : null;
  const ended = job?.state === 'done' || job?.state === 'cancelled';
  const { formId, ...filter } = query;
  const start = () =>
    remove.mutate(
      selection.kind === 'allMatching'
        ? { formId, filter }
        : { formId, submissionIds: [...selection.ids] },
    );
  const done = job ? job.deleted + job.alreadyGone : 0;

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Delete ${numberFormat.format(job?.total ?? count)} submission${(job?.total ?? count) === 1 ? '' : 's'}?`}
      centered
      data-state={job ? job.state : remove.isPending ? 'starting' : 'confirm'}
    >
      {job ? (
        <Stack gap="sm">
          <Progress
            value={job.total === 0 ? 100 : ((done + job.failed) / job.total) * 100}
            aria-label="Bulk delete progress"
          />
          <Text size="sm" role="status">
            {ended
              ? `Deleted ${numberFormat.format(done)} of ${numberFormat.format(job.total)}${job.failed > 0 ? `; ${job.failed} could not be` : ''}. Each has a copy in Activity.`
              : job.state === 'paused' || job.state === 'interrupted'
                ? `Paused after ${job.deleted + job.alreadyGone} of ${job.total}: nothing more is deleted until it resumes.`
                : job.state === 'waiting'
                  ? 'The service cannot be reached: nothing more is deleted until it can. The job goes on by itself.'
                  : `Deleting… ${numberFormat.format(done)} of ${numberFormat.format(job.total)}, at the service's pace.`}
          </Text>
          <DeleteJobControls job={job} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{ended ? 'Close' : 'Hide'}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {numberFormat.format(count)} submission{count === 1 ? '' : 's'} of {formName}
            {selection.kind === 'allMatching' ? ', every one this view matches,' : ''}{' '}
            {count === 1 ? 'is' : 'are'} deleted on the service, for everyone, and the service
            cannot restore them. A copy of each is kept in Activity.
          </Text>
          <Text size="sm" c="dimmed">
            The delete goes on if you close this window, and after a restart.
          </Text>
          {remove.isError && <ErrorAlert error={remove.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Keep them
            </Button>
            <Button color="red" loading={remove.isPending} onClick={start}>
              Delete {numberFormat.format(count)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

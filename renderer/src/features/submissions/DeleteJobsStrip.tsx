import { Group, Paper, Text } from '@mantine/core';
import { type DeleteJobKind } from '../../../../electron/shared/contract/bulkDelete';
import { useOp } from '../../bridge';
import { DeleteJobControls } from './DeleteJobControls';

const numberFormat = new Intl.NumberFormat();

/**
 * Bulk deletes (or erasures) not yet ended (running, waiting for the service, paused, or resumed
 * after a restart), with their controls, once their dialog is closed.
 */
export function DeleteJobsStrip({
  formId = null,
  kind = 'delete',
}: {
  /** Only the jobs touching this form; every job of the kind when null. */
  formId?: string | null;
  kind?: DeleteJobKind;
}) {
  const jobs = useOp('deleteJobs.list', {});
  const open = (jobs.data?.jobs ?? []).filter(
    (job) =>
      job.kind === kind &&
      (formId === null || job.formIds.includes(formId)) &&
      job.state !== 'done' &&
      job.state !== 'cancelled',
  );
  if (open.length === 0) return null;
  return (
    <>
      {open.map((job) => (
        <Paper key={job.jobId} withBorder px="sm" py={6} radius="md">
          <Group justify="space-between" gap="xs">
            <Text size="sm" role="status" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {kind === 'erase' ? 'Erasure' : 'Bulk delete'} {job.state}:{' '}
              {numberFormat.format(job.deleted + job.alreadyGone)} of{' '}
              {numberFormat.format(job.total)} deleted
              {job.notice ? ` · ${job.notice}` : ''}
            </Text>
            <DeleteJobControls job={job} />
          </Group>
        </Paper>
      ))}
    </>
  );
}

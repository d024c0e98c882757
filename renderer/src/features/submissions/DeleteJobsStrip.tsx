import { Group, Paper, Text } from '@mantine/core';
import { useOp } from '../../bridge';
import { DeleteJobControls } from './DeleteJobControls';

const numberFormat = new Intl.NumberFormat();

/**
 * Bulk deletes of this form not yet ended (running, waiting for the service, paused, or resumed
 * after a restart), with their controls, once their dialog is closed.
 */
export function DeleteJobsStrip({ formId }: { formId: string }) {
  const jobs = useOp('deleteJobs.list', {});
  const open = (jobs.data?.jobs ?? []).filter(
    (job) =>
      job.kind === 'delete' &&
      job.formIds.includes(formId) &&
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
              Bulk delete {job.state === 'running' ? 'running' : job.state}:{' '}
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

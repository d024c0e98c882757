import { Button, Group } from '@mantine/core';
import { type DeleteJobSummary } from '../../../../electron/shared/contract/bulkDelete';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Pause, resume or cancel a bulk delete between rows; what was deleted stays deleted. */
export function DeleteJobControls({ job }: { job: DeleteJobSummary }) {
  const pause = useOpMutation('deleteJobs.pause');
  const resume = useOpMutation('deleteJobs.resume');
  const cancel = useOpMutation('deleteJobs.cancel');
  if (job.state === 'done' || job.state === 'cancelled') return null;
  const error = pause.error ?? resume.error ?? cancel.error;
  const stopped = job.state === 'paused' || job.state === 'interrupted';
  return (
    <>
      {error && <ErrorAlert error={error} />}
      <Group gap="xs">
        {stopped ? (
          <Button
            size="compact-sm"
            variant="light"
            loading={resume.isPending}
            onClick={() => resume.mutate({ jobId: job.jobId })}
          >
            Resume
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="default"
            loading={pause.isPending}
            onClick={() => pause.mutate({ jobId: job.jobId })}
          >
            Pause
          </Button>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate({ jobId: job.jobId })}
        >
          Cancel the rest
        </Button>
      </Group>
    </>
  );
}

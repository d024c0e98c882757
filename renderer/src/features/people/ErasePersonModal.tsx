import { Button, Code, Group, List, Modal, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type DeleteJobSummary } from '../../../../electron/shared/contract/bulkDelete';
import { type PersonSearchResult } from '../../../../electron/shared/contract/people';
import { useAppEvent, useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { DeleteJobControls } from '../submissions/DeleteJobControls';

/**
 * Asks before an erasure, naming exactly what goes: each submission by form and id on the service,
 * and the copies this computer holds. Then follows the job until it ends.
 */
export function ErasePersonModal({
  result,
  onClose,
  onErased,
}: {
  /** What the search had found when the person asked: the list does not move while they read. */
  result: PersonSearchResult;
  onClose(): void;
  /** The erasure ended: the screen lets go of the search that named the person. */
  onErased(): void;
}) {
  const erase = useOpMutation('people.erase', {
    invalidates: ['people.', 'submissions.', 'activity.', 'forms.', 'deleteJobs.'],
  });
  // Events may come before the mutation's answer does: each job's latest is kept.
  const [latest, setLatest] = useState<Record<string, DeleteJobSummary>>({});
  useAppEvent('delete.progress', (event) =>
    setLatest((known) => ({ ...known, [event.job.jobId]: event.job })),
  );
  const job = erase.data ? (latest[erase.data.jobId] ?? erase.data) : null;
  const submissions = result.groups.flatMap((group) =>
    group.matches.map((m) => ({ formId: group.formId, submissionId: m.submissionId })),
  );
  const count = submissions.length;
  const ended = job?.state === 'done' || job?.state === 'cancelled';
  const close = () => {
    erase.reset();
    if (ended) onErased();
    onClose();
  };
  const start = () => erase.mutate({ query: result.query, submissions });

  return (
    <Modal
      opened
      onClose={close}
      title={`Erase ${count} submission${count === 1 ? '' : 's'}?`}
      size="lg"
      centered
      data-state={job ? job.state : erase.isPending ? 'starting' : 'confirm'}
    >
      {job ? (
        <Stack gap="sm">
          <Progress
            value={
              job.total === 0
                ? 100
                : ((job.deleted + job.alreadyGone + job.failed) / job.total) * 100
            }
            aria-label="Erasure progress"
          />
          <Text size="sm" role="status">
            {ended
              ? `Erased ${job.deleted + job.alreadyGone} of ${job.total} submissions${job.failed > 0 ? `; ${job.failed} could not be deleted` : ''}. Activity records that an erasure happened, and nothing of the person.`
              : job.state === 'paused' || job.state === 'interrupted'
                ? `Paused after ${job.deleted + job.alreadyGone} of ${job.total}: nothing more is deleted until it resumes.`
                : job.state === 'waiting'
                  ? 'The service cannot be reached: nothing more is deleted until it can. The erasure goes on by itself.'
                  : `Deleting… ${job.deleted + job.alreadyGone} of ${job.total}`}
          </Text>
          {job.notice && !ended && (
            <Text size="sm" c="dimmed">
              {job.notice}
            </Text>
          )}
          <DeleteJobControls job={job} />
          <Group justify="flex-end">
            <Button onClick={close}>{ended ? 'Close' : 'Hide'}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            These submissions are deleted on the service, for everyone, and the service cannot
            restore them:
          </Text>
          <ScrollArea.Autosize mah={220} type="auto">
            <List size="sm" spacing={4}>
              {result.groups.map((group) => (
                <List.Item key={group.formId}>
                  <Text span size="sm" fw={600}>
                    {group.formName}
                  </Text>{' '}
                  — {group.matches.length}:{' '}
                  {group.matches.map((m, i) => (
                    <span key={m.submissionId}>
                      {i > 0 && ', '}
                      <Code>{m.submissionId}</Code>
                    </span>
                  ))}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          <Text size="sm">Then this computer forgets everything it holds of them:</Text>
          <List size="sm" spacing={2}>
            <List.Item>
              their copies in Activity, and any earlier deleted submission holding “{result.query}”,
              replaced by one entry that {count} submission{count === 1 ? ' was' : 's were'} erased
              on these forms, and when;
            </List.Item>
            <List.Item>export files not yet saved that hold them;</List.Item>
            <List.Item>import journal rows holding their answers;</List.Item>
            <List.Item>their words in the search index.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Export first if they asked for a copy: nothing can be exported once erased.
          </Text>
          {erase.isError && <ErrorAlert error={erase.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Keep them
            </Button>
            <Button color="red" loading={erase.isPending} onClick={start}>
              Erase {count} submission{count === 1 ? '' : 's'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

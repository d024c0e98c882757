import { Button, Code, Group, List, Modal, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type DeleteJobSummary } from '../../../../electron/shared/contract/bulkDelete';
import {
  type ErasurePlaces,
  type PersonSearchResult,
} from '../../../../electron/shared/contract/people';
import { useAppEvent, useOp, useOpMutation } from '../../bridge';
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
  // Asked once, before the erasure starts: the list stays as the person read it.
  const places = useOp(
    'people.erasePlaces',
    { query: result.query, submissions },
    { enabled: !erase.data && !erase.isPending, staleTime: Infinity },
  );
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
                  <Names names={group.matches.map((m) => m.submissionId)} />
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          <Text size="sm">Then this computer forgets everything it holds of them:</Text>
          {places.data ? (
            <LocalPlaces places={places.data} query={result.query} count={count} />
          ) : places.isError ? (
            <ErrorAlert error={places.error} />
          ) : (
            <Text size="sm" c="dimmed" role="status">
              Looking for their copies on this computer…
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Export first if they asked for a copy: nothing can be exported once erased.
          </Text>
          {erase.isError && <ErrorAlert error={erase.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Keep them
            </Button>
            <Button
              color="red"
              loading={erase.isPending}
              disabled={places.isPending}
              onClick={start}
            >
              Erase {count} submission{count === 1 ? '' : 's'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Names (of submissions, of files) as code, one after another. */
function Names({ names }: { names: readonly string[] }) {
  return names.map((name, i) => (
    <span key={name}>
      {i > 0 && ', '}
      <Code>{name}</Code>
    </span>
  ));
}

/** Each place on this computer that holds the person, named; places that hold nothing are left out. */
function LocalPlaces({
  places,
  query,
  count,
}: {
  places: ErasurePlaces;
  query: string;
  count: number;
}) {
  return (
    <List size="sm" spacing={2} aria-label="Copies on this computer">
      <List.Item>
        {places.activityEntries > 0
          ? `${plural(places.activityEntries, 'entry', 'entries')} in Activity (their copies, and any earlier deleted submission holding “${query}”), `
          : 'In Activity, '}
        replaced by one entry that {count} submission{count === 1 ? ' was' : 's were'} erased on
        these forms, and when;
      </List.Item>
      {places.exportFiles.length > 0 && (
        <List.Item>
          export files not yet saved that hold them: <Names names={places.exportFiles} />;
        </List.Item>
      )}
      {places.importDrafts.length > 0 && (
        <List.Item>
          imports not yet started that hold them, dropped whole:{' '}
          {places.importDrafts.map((draft, i) => (
            <span key={`${draft.fileName}-${i}`}>
              {i > 0 && ', '}
              <Code>{draft.fileName}</Code> ({plural(draft.rows, 'row', 'rows')})
            </span>
          ))}
          ;
        </List.Item>
      )}
      {places.importRows > 0 && (
        <List.Item>
          {plural(places.importRows, 'row', 'rows')} of past imports holding their answers, emptied;
        </List.Item>
      )}
      {places.damagedCopies.length > 0 && (
        <List.Item>
          damaged copies of the cache kept aside after a failed check that hold them, deleted whole
          with all they hold: <Names names={places.damagedCopies} />;
        </List.Item>
      )}
      <List.Item>their words in the search index.</List.Item>
    </List>
  );
}

import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ActivityEntry } from '../../../../electron/shared/contract/activity';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { recreatedNotice } from './deletedNotice';
import { RECREATE_CHANGES } from './useRecreateCopy';

/** Whether an entry's copy may be sent again: never sent, or refused the last time. */
export function canRecreate(entry: ActivityEntry): boolean {
  return (
    entry.kind === 'submission.deleted' &&
    entry.snapshot !== null &&
    entry.snapshot !== undefined &&
    (entry.recreation === null ||
      entry.recreation === undefined ||
      entry.recreation.state === 'failed')
  );
}

/** Under a deleted submission's entry: how its creation again stands, the new id once made. */
export function RecreationNote({ entry }: { entry: ActivityEntry }) {
  const recreation = entry.recreation;
  if (!recreation) return null;
  return (
    <Text
      size="xs"
      c={recreation.state === 'created' ? 'teal' : recreation.state === 'failed' ? 'red' : 'yellow'}
      data-recreation={recreation.state}
    >
      {recreation.state === 'created' ? (
        <>
          Created again, as <Code>{recreation.submissionId}</Code>
        </>
      ) : (
        recreation.message
      )}
    </Text>
  );
}

/**
 * Asks before a deleted submission is created again from its copy, saying what the service makes
 * of it: a new submission with a new id, and the submitted time only where it keeps the time sent.
 */
export function RecreateCopyModal({
  entry,
  onClose,
}: {
  entry: ActivityEntry | null;
  onClose(): void;
}) {
  const recreate = useOpMutation('activity.recreate', { invalidates: RECREATE_CHANGES });
  const close = () => {
    recreate.reset();
    onClose();
  };
  return (
    <Modal
      opened={entry !== null}
      onClose={close}
      title="Create this submission again?"
      centered
      data-state={recreate.isPending ? 'creating' : 'confirm'}
    >
      {entry && (
        <Stack gap="sm">
          <Text size="sm">
            The copy of <Code>{entry.submissionId}</Code> is sent to the service as a new
            submission: it gets a new id. Its answers, URL parameters, scheduling and payments are
            sent as the copy keeps them, with its original submitted time; a service that does not
            keep the times it is sent gives it the time it is created. Calculations, the quiz score
            and the login are worked out again by the service.
          </Text>
          <Text size="sm" c="dimmed">
            It is sent once: asking again later shows the new submission instead of making another.
          </Text>
          {recreate.isError && <ErrorAlert error={recreate.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button
              loading={recreate.isPending}
              onClick={() =>
                recreate.mutate(
                  { entryId: entry.id },
                  {
                    onSuccess: (result) => {
                      notifications.show(recreatedNotice(result));
                      close();
                    },
                  },
                )
              }
            >
              Create again
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

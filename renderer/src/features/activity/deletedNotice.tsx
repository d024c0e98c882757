import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatHash } from '../../app/location';
import { toErrorShape } from '../../bridge';
import { type Recreated } from './useRecreateCopy';

/** Long enough to read the sentence and reach the button. */
const UNDO_SHOWN_MS = 12_000;

/** How a copy created again reads in a notification, and its colour. */
export function recreatedNotice(result: Recreated): { color: string; message: string } {
  switch (result.state) {
    case 'created':
      return {
        color: result.already ? 'yellow' : 'teal',
        message: result.already
          ? result.message
          : `Created again, as submission ${result.submissionId}.`,
      };
    case 'creating':
    case 'checking':
      return { color: 'yellow', message: result.message };
    default:
      return { color: 'red', message: result.message };
  }
}

/**
 * The notification a delete shows: its sentence and, when Activity kept a copy, an Undo that
 * creates the submission again from it (a new id, through the same path as Activity's button).
 */
export function showDeletedNotice(
  deleted: {
    message: string;
    alreadyGone: boolean;
    copyId?: number | null | undefined;
    submissionId: string;
  },
  recreate: (entryId: number) => Promise<Recreated>,
): void {
  const { copyId } = deleted;
  const color = deleted.alreadyGone ? 'yellow' : 'teal';
  if (copyId === null || copyId === undefined || deleted.alreadyGone) {
    notifications.show({ color, message: deleted.message });
    return;
  }
  const id = `deleted-${copyId}`;
  const undo = () => {
    notifications.update({
      id,
      color: 'blue',
      loading: true,
      autoClose: false,
      message: 'Creating the submission again…',
    });
    recreate(copyId).then(
      (result) =>
        notifications.update({ id, loading: false, autoClose: 8_000, ...recreatedNotice(result) }),
      (error: unknown) =>
        notifications.update({
          id,
          color: 'red',
          loading: false,
          autoClose: false,
          message: toErrorShape(error).message,
        }),
    );
  };
  notifications.show({
    id,
    color,
    autoClose: UNDO_SHOWN_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2}>
          <Text size="sm">{deleted.message}</Text>
          <Anchor size="sm" href={copyInActivity(deleted.submissionId)}>
            See the copy in Activity
          </Anchor>
        </Stack>
        {/* The sentence wraps; the button keeps its whole word. */}
        <Button size="compact-sm" variant="light" onClick={undo} style={{ flexShrink: 0 }}>
          Undo
        </Button>
      </Group>
    ),
  });
}

/** Activity narrowed to the deletion of one submission: where its copy is kept. */
function copyInActivity(submissionId: string): string {
  return formatHash({
    section: 'activity',
    formId: null,
    view: { kind: 'submission.deleted', q: submissionId },
  });
}

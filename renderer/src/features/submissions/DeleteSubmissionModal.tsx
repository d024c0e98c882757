import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { shownLine } from '../../components/respondentText';
import { answerText, describeAnswer } from '../../../../electron/shared/answers/answerModel';
import { formatDateTime } from '../../../../electron/shared/answers/dateFormat';
import { showDeletedNotice } from '../activity/deletedNotice';
import { useRecreateCopy } from '../activity/useRecreateCopy';
import { WINDOWS_QUERY } from './useSubmissionWindows';

const PREVIEW_ANSWERS = 3;

/**
 * Asks before deleting, showing what will go. The server deletes first; only then does the row
 * leave the table (the cache announces the change). A failure keeps the row and says why. The
 * notice that follows offers Undo, which creates the submission again from its Activity copy.
 */
export function DeleteSubmissionModal({
  formId,
  row,
  onClose,
  onDeleted,
}: {
  formId: string;
  row: SubmissionListRow | null;
  onClose(): void;
  onDeleted(submissionId: string): void;
}) {
  const remove = useOpMutation('submissions.delete', {
    invalidates: ['submissions.', WINDOWS_QUERY, 'activity.', 'forms.', 'sync.'],
  });
  const recreate = useRecreateCopy();
  const answers = (row?.submission.questions ?? [])
    .map((q) => ({ name: q.name || q.id, text: answerText(describeAnswer(q.type, q.value)) }))
    .filter((a) => a.text !== '')
    .slice(0, PREVIEW_ANSWERS);

  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <Modal
      opened={row !== null}
      onClose={close}
      title="Delete this submission?"
      centered
      data-state={remove.isPending ? 'deleting' : 'confirm'}
    >
      {row && (
        <Stack gap="sm">
          <Text size="sm">
            The submission is deleted on the service, for everyone, and cannot be restored there. A
            copy is kept in Activity.
          </Text>
          <Stack
            gap={4}
            p="sm"
            bg="var(--mantine-color-default-hover)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Text size="sm">
              <Code>{row.submissionId}</Code> · submitted {formatDateTime(row.submissionTime)}
            </Text>
            {answers.map((a) => (
              <Text key={a.name} size="sm" truncate>
                <Text span size="sm" c="dimmed">
                  {a.name}:
                </Text>{' '}
                <bdi>{shownLine(a.text)}</bdi>
              </Text>
            ))}
          </Stack>
          {remove.isError && <ErrorAlert error={remove.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Keep it
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { formId, submissionId: row.submissionId },
                  {
                    onSuccess: (result) => {
                      showDeletedNotice({ ...result, submissionId: row.submissionId }, recreate);
                      remove.reset();
                      onDeleted(row.submissionId);
                    },
                  },
                )
              }
            >
              Delete submission
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

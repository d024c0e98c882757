import { ActionIcon, Button, Drawer, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBraces, IconChevronDown, IconChevronUp, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { useUnreachable } from '../../app/connection';
import { toErrorShape, useInvoke, useOp } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { safeExternalUrl } from '../../components/externalUrl';
import { LoadingState } from '../../components/LoadingState';
import { formatDateTime } from '../../../../electron/shared/answers/dateFormat';
import { shownLine } from '../../components/respondentText';
import { cachedCopyNotice } from './cachedCopyNotice';
import { DeleteButton } from './DeleteButton';
import { respondentName } from './respondentName';
import { SubmissionDetail } from './SubmissionDetail';

/** A respondent's name in the drawer's title is cut to this many characters. */
const NAME_CHARACTERS = 80;

interface Props {
  formId: string;
  /** The row opened from the table: shown at once, then replaced by a fresh read. */
  row: SubmissionListRow | null;
  search: string;
  onClose(): void;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onDelete(row: SubmissionListRow): void;
  /**
   * A dialog is open over the drawer (the delete confirmation): Escape is that dialog's alone.
   * Every open Mantine modal hears Escape on the window, so the drawer stands aside.
   */
  covered?: boolean;
}

/** One submission in a side drawer: every field, copy as JSON, edit link, previous/next, delete. */
export function SubmissionDrawer({
  formId,
  row,
  search,
  onClose,
  onPrevious,
  onNext,
  onDelete,
  covered = false,
}: Props) {
  const submissionId = row?.submissionId ?? '';
  const detail = useOp(
    'submissions.get',
    { formId, submissionId },
    { enabled: row !== null, staleTime: 30_000 },
  );
  const invoke = useInvoke();
  const [openingEditLink, setOpeningEditLink] = useState(false);
  // The table's keys keep working with the drawer open: j/k step through the results (arrows
  // stay with the drawer, which scrolls).
  const stepKeys = (step: (() => void) | null) => () => {
    if (row) step?.();
  };
  useHotkeys([
    ['j', stepKeys(onNext)],
    ['k', stepKeys(onPrevious)],
  ]);

  const fresh = detail.data?.submission.submissionId === submissionId ? detail.data : undefined;
  const submission = fresh?.submission ?? row?.submission;
  const unreachable = useUnreachable();
  const cacheNotice =
    fresh?.source === 'cache' ? cachedCopyNotice(fresh.syncedAt, unreachable) : null;

  // The edit link lets anyone holding it change the answers, so it is fetched only when asked for
  // and never kept; only an https link is opened.
  const openEditLink = async () => {
    setOpeningEditLink(true);
    try {
      const { submission: withLink } = await invoke('submissions.get', {
        formId,
        submissionId,
        includeEditLink: true,
      });
      const url = withLink.editLink ? safeExternalUrl(withLink.editLink) : null;
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
      else
        notifications.show({
          color: 'yellow',
          title: 'No edit link opened',
          message: withLink.editLink
            ? 'The service gave an edit link that is not https.'
            : 'The service gave no edit link for this submission.',
        });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not get the edit link',
        message: toErrorShape(error).message,
      });
    } finally {
      setOpeningEditLink(false);
    }
  };

  const who = submission ? respondentName(submission) : null;
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      closeOnEscape={!covered}
      position="right"
      size="lg"
      title={
        <Stack gap={0}>
          <Text fw={700} lineClamp={1}>
            {/* Named for who answered, when the answers say: rows are told apart by people. */}
            {who ? (
              <>
                Submission from <bdi dir="auto">{shownLine(who, NAME_CHARACTERS)}</bdi>
              </>
            ) : (
              'Submission'
            )}
          </Text>
          {submission && (
            <Text size="xs" c="dimmed">
              {formatDateTime(submission.submissionTime)}
            </Text>
          )}
        </Stack>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-state={detail.isFetching ? 'loading' : 'ready'}
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap={4}>
            <Tooltip label="Previous (k)" withArrow>
              <ActionIcon
                variant="default"
                aria-label="Previous submission"
                disabled={!onPrevious}
                onClick={() => onPrevious?.()}
              >
                <IconChevronUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Next (j)" withArrow>
              <ActionIcon
                variant="default"
                aria-label="Next submission"
                disabled={!onNext}
                onClick={() => onNext?.()}
              >
                <IconChevronDown size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Group gap="xs">
            {submission && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconBraces size={14} />}
                onClick={() => {
                  void navigator.clipboard.writeText(JSON.stringify(submission, null, 2)).then(
                    () => notifications.show({ message: 'Copied the submission as JSON.' }),
                    () =>
                      notifications.show({
                        color: 'red',
                        message: 'The clipboard is not available.',
                      }),
                  );
                }}
              >
                Copy as JSON
              </Button>
            )}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconExternalLink size={14} />}
              loading={openingEditLink}
              onClick={() => void openEditLink()}
            >
              Edit link
            </Button>
            {row && (
              <DeleteButton size="xs" onClick={() => onDelete(row)}>
                Delete…
              </DeleteButton>
            )}
          </Group>
        </Group>
        {detail.isError && !submission && (
          <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
        )}
        {submission ? (
          <SubmissionDetail
            submission={submission}
            status={fresh ? fresh.status : (row?.status ?? null)}
            isPreview={fresh ? fresh.isPreview : (row?.isPreview ?? false)}
            fromCacheNotice={cacheNotice}
            search={search}
          />
        ) : (
          !detail.isError && <LoadingState rows={6} height={40} label="Loading the submission" />
        )}
      </Stack>
    </Drawer>
  );
}

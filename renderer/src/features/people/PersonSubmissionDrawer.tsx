import { Drawer } from '@mantine/core';
import { type PersonMatch } from '../../../../electron/shared/contract/people';
import { useUnreachable } from '../../app/connection';
import { useOp } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { cachedCopyNotice } from '../submissions/cachedCopyNotice';
import { SubmissionDetail } from '../submissions/SubmissionDetail';

export interface OpenedSubmission {
  formId: string;
  formName: string;
  match: PersonMatch;
}

/** One found submission, whole, as the Submissions screen's drawer shows it. */
export function PersonSubmissionDrawer({
  opened,
  search,
  onClose,
}: {
  opened: OpenedSubmission | null;
  search: string;
  onClose(): void;
}) {
  const detail = useOp(
    'submissions.get',
    { formId: opened?.formId ?? '', submissionId: opened?.match.submissionId ?? '' },
    { enabled: opened !== null, staleTime: 30_000 },
  );
  const fresh =
    detail.data?.submission.submissionId === opened?.match.submissionId ? detail.data : undefined;
  const unreachable = useUnreachable();
  return (
    <Drawer
      opened={opened !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={opened ? opened.formName : ''}
    >
      {detail.isError && <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />}
      {opened && !fresh && !detail.isError && (
        <LoadingState rows={4} label="Reading the submission" />
      )}
      {opened && fresh && (
        <SubmissionDetail
          submission={fresh.submission}
          status={fresh.status}
          isPreview={fresh.isPreview}
          fromCacheNotice={
            fresh.source === 'cache' ? cachedCopyNotice(fresh.syncedAt, unreachable) : null
          }
          search={search}
        />
      )}
    </Drawer>
  );
}

import { useState } from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { useOp } from '../../bridge';
import { useSubmissionAddress } from './useSubmissionAddress';
import { type SubmissionWindows } from './useSubmissionWindows';

/**
 * The keyboard's row and the submission open in the drawer, with its previous and next. The
 * keyboard's row belongs to one query: new filters or a new sort start at the top again. The open
 * submission is kept in the address, so Back closes it and a reload opens it again.
 */
export function useOpenedRow(windows: SubmissionWindows, queryId: string, formId: string) {
  const [active, setActive] = useState({ queryId, index: 0 });
  const activeIndex = active.queryId === queryId ? active.index : 0;
  const setActiveIndex = (index: number) => setActive({ queryId, index });
  const { openedId, setOpenedId } = useSubmissionAddress();
  // Where the open row was last seen, for previous and next once its window is let go.
  const [lastIndex, setLastIndex] = useState(0);

  const inTable = openedId === null ? undefined : windows.indexOf(openedId);
  // A reload, or an address from elsewhere, may name a row the table has not loaded.
  const read = useOp(
    'submissions.get',
    { formId, submissionId: openedId ?? '' },
    { enabled: openedId !== null && inTable === undefined, staleTime: 30_000 },
  );
  const openedRow =
    inTable !== undefined
      ? (windows.rowAt(inTable) ?? null)
      : read.data && read.data.submission.submissionId === openedId
        ? rowOf(read.data)
        : null;

  const open = (index: number, stepping = false) => {
    const row = windows.rowAt(index);
    if (!row) return;
    setActiveIndex(index);
    setLastIndex(index);
    // Stepping through rows replaces the address: Back returns to the table, not row by row.
    setOpenedId(row.submissionId, { replace: stepping });
  };
  // Rows move while the drawer is open (a sync adds newer ones above it, a delete closes a gap):
  // previous and next are counted from where the open submission is now, not where it was.
  const step = (by: -1 | 1) => {
    if (openedId === null) return null;
    const index = (inTable ?? lastIndex) + by;
    return windows.rowAt(index) ? () => open(index, true) : null;
  };
  const close = () => setOpenedId(null, { replace: true });

  return {
    activeIndex,
    setActiveIndex,
    openedRow,
    open: (index: number) => open(index),
    step,
    close,
  };
}

type Read = NonNullable<ReturnType<typeof useOp<'submissions.get'>>['data']>;

function rowOf(read: Read): SubmissionListRow {
  const { submission } = read;
  return {
    submissionId: submission.submissionId,
    submissionTime: submission.submissionTime,
    lastUpdatedAt: submission.lastUpdatedAt ?? null,
    status: read.status ?? 'finished',
    isPreview: read.isPreview,
    submission,
  };
}

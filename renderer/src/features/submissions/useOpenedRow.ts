import { useState } from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { type SubmissionWindows } from './useSubmissionWindows';

/**
 * The keyboard's row and the submission open in the drawer, with its previous and next. The
 * keyboard's row belongs to one query: new filters or a new sort start at the top again.
 */
export function useOpenedRow(windows: SubmissionWindows, queryId: string) {
  const [active, setActive] = useState({ queryId, index: 0 });
  const activeIndex = active.queryId === queryId ? active.index : 0;
  const setActiveIndex = (index: number) => setActive({ queryId, index });
  const [opened, setOpened] = useState<{ index: number; row: SubmissionListRow } | null>(null);

  const open = (index: number) => {
    const row = windows.rowAt(index);
    if (!row) return;
    setActiveIndex(index);
    setOpened({ index, row });
  };
  // Rows move while the drawer is open (a sync adds newer ones above it, a delete closes a gap):
  // previous and next are counted from where the open submission is now, not where it was.
  const step = (by: -1 | 1) => {
    if (!opened) return null;
    const index = (windows.indexOf(opened.row.submissionId) ?? opened.index) + by;
    return windows.rowAt(index) ? () => open(index) : null;
  };
  const close = () => setOpened(null);

  return { activeIndex, setActiveIndex, openedRow: opened?.row ?? null, open, step, close };
}

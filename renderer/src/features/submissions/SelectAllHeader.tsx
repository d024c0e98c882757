import { Checkbox } from '@mantine/core';
import { type Column } from '@tanstack/react-table';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { type PlacedColumn } from './columnWindow';
import { cellStyle } from './gridLayout';
import { type RowSelectionControl } from './useRowSelection';

/** The box above the row boxes: selects every row the view matches, or clears the selection. */
export function SelectAllHeader({
  placed,
  selection,
  total,
}: {
  placed: PlacedColumn<Column<SubmissionListRow>>;
  selection: RowSelectionControl;
  total: number;
}) {
  const all = selection.selection.kind === 'allMatching';
  return (
    <div
      role="columnheader"
      aria-label="Selected"
      aria-colindex={placed.colIndex}
      style={{ ...cellStyle, ...placed.style, zIndex: placed.pinned ? 3 : undefined, padding: 4 }}
    >
      <Checkbox
        size="xs"
        checked={all && total > 0}
        indeterminate={!all && selection.count > 0}
        onChange={() => (selection.count > 0 ? selection.clear() : selection.selectAllMatching())}
        aria-label={
          selection.count > 0 ? 'Clear the selection' : `Select all ${total} matching submissions`
        }
      />
    </div>
  );
}

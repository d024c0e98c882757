import { Checkbox } from '@mantine/core';
import { type ColumnDef } from '@tanstack/react-table';
import { useSyncExternalStore } from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { isSelected } from './rowSelection';
import { type SelectionStore } from './useRowSelection';

export const SELECT_COLUMN = 'select';
/** Marks a row's box, whose click the grid's one row handler tells from a row click. */
export const SELECT_ACTION = 'select';
const WIDTH = 40;

/** One row's box: it follows the selection by itself, without the row drawn again. */
function SelectCell({ store, id }: { store: SelectionStore; id: string }) {
  const checked = useSyncExternalStore(store.subscribe, () => isSelected(store.latest(), id));
  return (
    <div data-row-action={SELECT_ACTION} style={{ display: 'flex', padding: 4 }}>
      <Checkbox
        size="xs"
        checked={checked}
        readOnly
        tabIndex={-1}
        aria-label={`Select submission ${id}`}
      />
    </div>
  );
}

/** The pinned first column of boxes; the grid draws its header (`SelectAllHeader`). */
export function selectColumn(store: SelectionStore): ColumnDef<SubmissionListRow> {
  return {
    id: SELECT_COLUMN,
    header: 'Selected',
    size: WIDTH,
    minSize: WIDTH,
    maxSize: WIDTH,
    enableSorting: false,
    enableHiding: false,
    enableResizing: false,
    cell: ({ row }) => <SelectCell store={store} id={row.id} />,
  };
}

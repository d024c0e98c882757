import { ActionIcon, Skeleton, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type Column, type Table } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { AnswerBoundary, AnswerFailed } from '../../components/AnswerBoundary';
import { type ColumnWindow } from './columnWindow';
import { cellStyle, ROW_HEIGHT, textCellStyle } from './gridLayout';

/** Marks the delete button, whose click the grid's one row handler tells from a row click. */
export const DELETE_ACTION = 'delete';

interface Props {
  table: Table<SubmissionListRow>;
  /** Absolute position in the results. */
  index: number;
  /** Not loaded yet: the row is a placeholder until its window arrives. */
  submission: SubmissionListRow | undefined;
  top: number;
  width: number;
  columns: ColumnWindow<Column<SubmissionListRow>>;
  active: boolean;
  /** Whether the grid has the keyboard: only then is its active row drawn as such. */
  focused?: boolean;
  /** Only the row under the pointer or the keyboard draws its delete button. */
  withActions: boolean;
  /** Why delete cannot be done now (no service to ask), said on its button; null when it can. */
  deleteBlocked?: string | null;
}

/**
 * One row of the results grid. Memoized: a scroll frame renders only the rows that come into
 * view, not the ones already drawn. Clicks are handled once by the grid (see SubmissionsTable).
 */
export const SubmissionRow = memo(function SubmissionRow({
  table,
  index,
  submission,
  top,
  width,
  columns,
  active,
  focused = false,
  withActions,
  deleteBlocked = null,
}: Props) {
  const shown = active && focused;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={active}
      data-index={index}
      data-submission-id={submission?.submissionId}
      style={{
        display: 'flex',
        position: 'absolute',
        top: 0,
        left: 0,
        width,
        height: ROW_HEIGHT,
        transform: `translateY(${top}px)`,
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: shown ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-body)',
        // A ring the keyboard's row can be seen by in light and dark alike.
        boxShadow: shown ? 'inset 0 0 0 2px var(--mantine-primary-color-filled)' : undefined,
        cursor: submission ? 'pointer' : 'default',
        contain: 'layout paint',
      }}
    >
      {submission ? (
        cellsOf(table, submission, columns, withActions ? { deleteBlocked } : null)
      ) : (
        <div role="gridcell" style={{ ...cellStyle, width: '100%' }}>
          <Skeleton height={12} width={Math.min(width - 20, 600)} radius="sm" />
        </div>
      )}
    </div>
  );
});

type Cell = ReturnType<ReturnType<Table<SubmissionListRow>['getRow']>['getAllCells']>[number];

/** A cell's content; one that cannot be made is said in its place, never thrown to the grid. */
function drawCell(template: (context: ReturnType<Cell['getContext']>) => unknown, cell: Cell) {
  try {
    return template(cell.getContext()) as ReactNode;
  } catch (error) {
    console.error('A cell could not be drawn', error);
    return <AnswerFailed raw={cell.getValue()} />;
  }
}

function cellsOf(
  table: Table<SubmissionListRow>,
  submission: SubmissionListRow,
  columns: ColumnWindow<Column<SubmissionListRow>>,
  withActions: { deleteBlocked: string | null } | null,
) {
  const cells = new Map(
    table
      .getRow(submission.submissionId)
      .getAllCells()
      .map((cell) => [cell.column.id, cell]),
  );
  const drawn = columns.drawn.map(({ column, colIndex, style }) => {
    const cell = cells.get(column.id);
    const template = column.columnDef.cell;
    // Called rather than mounted (flexRender would make each cell a component): a cell
    // that is plain text is drawn as the cell element itself.
    const content = cell && typeof template === 'function' ? drawCell(template, cell) : null;
    return typeof content === 'string' ? (
      <div
        key={column.id}
        role="gridcell"
        aria-colindex={colIndex}
        title={content}
        dir="auto"
        style={{ ...textCellStyle, ...style }}
      >
        {content}
      </div>
    ) : (
      <div
        key={column.id}
        role="gridcell"
        aria-colindex={colIndex}
        style={{ ...cellStyle, ...style }}
      >
        <AnswerBoundary raw={cell?.getValue()}>{content}</AnswerBoundary>
      </div>
    );
  });
  const { actions } = columns;
  if (actions)
    drawn.splice(
      actions.at,
      0,
      <div
        key="actions"
        role="gridcell"
        aria-colindex={actions.colIndex}
        data-row-actions
        style={{ ...cellStyle, ...actions.style, padding: 0, justifyContent: 'center' }}
      >
        {withActions && (
          <RowDeleteButton id={submission.submissionId} blocked={withActions.deleteBlocked} />
        )}
      </div>,
    );
  return drawn;
}

/** A row's delete; while it cannot be done, it stays in place, disabled, and says why. */
function RowDeleteButton({ id, blocked }: { id: string; blocked: string | null }) {
  return (
    <Tooltip label={blocked ?? 'Delete…'} withArrow openDelay={blocked ? 0 : 400}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Delete submission ${id}`}
        data-row-action={DELETE_ACTION}
        // Disabled by aria, not the attribute, so the pointer still finds it and its tooltip.
        data-disabled={blocked ? true : undefined}
        aria-disabled={blocked ? true : undefined}
      >
        <IconTrash size={15} />
      </ActionIcon>
    </Tooltip>
  );
}

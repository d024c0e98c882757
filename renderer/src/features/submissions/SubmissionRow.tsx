import { ActionIcon, Skeleton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type Column, type Table } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { AnswerBoundary, AnswerFailed } from '../../components/AnswerBoundary';
import { type ColumnWindow } from './columnWindow';
import { ACTIONS_WIDTH, cellStyle, ROW_HEIGHT, textCellStyle } from './gridLayout';

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
        cellsOf(table, submission, columns, withActions)
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
  withActions: boolean,
) {
  const cells = new Map(
    table
      .getRow(submission.submissionId)
      .getAllCells()
      .map((cell) => [cell.column.id, cell]),
  );
  return (
    <>
      {columns.drawn.map(({ column, colIndex, style }) => {
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
      })}
      <div
        role="gridcell"
        aria-colindex={columns.columns.length + 1}
        style={{
          ...cellStyle,
          width: ACTIONS_WIDTH,
          marginLeft: columns.trailingOffset,
          padding: 0,
          justifyContent: 'center',
        }}
      >
        {withActions && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Delete submission ${submission.submissionId}`}
            title="Delete…"
            data-row-action={DELETE_ACTION}
          >
            <IconTrash size={15} />
          </ActionIcon>
        )}
      </div>
    </>
  );
}

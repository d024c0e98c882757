import { MantineProvider } from '@mantine/core';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { windowColumns } from './columnWindow';
import { SubmissionRow } from './SubmissionRow';

const row = { submissionId: 'sub-1' } as SubmissionListRow;

function Row({ columns }: { columns: ColumnDef<SubmissionListRow>[] }) {
  // eslint-disable-next-line react-hooks/incompatible-library -- not built with React Compiler
  const table = useReactTable({
    data: [row],
    columns,
    getRowId: (r) => r.submissionId,
    getCoreRowModel: getCoreRowModel(),
  });
  const leaves = table.getVisibleLeafColumns();
  return (
    <SubmissionRow
      table={table}
      index={0}
      submission={row}
      top={0}
      width={1000}
      columns={windowColumns([], leaves, [], 0, leaves.length - 1)}
      active={false}
      withActions={false}
    />
  );
}

describe('a grid row', () => {
  it('draws a cell that cannot be drawn as a sentence with its raw value, and the rest as usual', () => {
    // Server rendering separates adjacent text with comments; the reader sees one sentence.
    const html = renderToString(
      <MantineProvider>
        <Row
          columns={[
            { id: 'fine', accessorFn: () => 'ok', cell: () => 'Ada Lovelace' },
            {
              id: 'broken',
              accessorFn: () => ({ stars: -1 }),
              cell: () => {
                throw new RangeError('Invalid count value: -1');
              },
            },
          ]}
        />
      </MantineProvider>,
    ).replaceAll('<!-- -->', '');
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain('This answer could not be shown; as it came:');
    expect(html).toContain('{&quot;stars&quot;:-1}');
  });
});

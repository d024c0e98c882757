import { ScrollArea, Stack, Table, Text } from '@mantine/core';
import {
  type ColumnMapping,
  type ImportPreview,
} from '../../../../electron/shared/contract/imports';
import { useOp } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SentText } from './SentText';

/**
 * The first rows as the mapping sends them: each value as people read it (its JSON on hover), or
 * the problem.
 */
export function MappedRows({
  formId,
  preview,
  mappings,
}: {
  formId: string;
  preview: ImportPreview;
  mappings: ColumnMapping[];
}) {
  const rows = useOp('imports.previewMapping', { fileId: preview.fileId, formId, mappings });
  const mapped = mappings.filter((m) => m.target.kind !== 'ignore');
  if (rows.isError) return <ErrorAlert error={rows.error} onRetry={() => void rows.refetch()} />;
  if (mapped.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        The first rows as they will be sent
      </Text>
      <ScrollArea>
        <Table
          withTableBorder
          withColumnBorders
          aria-label="Rows as they will be sent"
          data-state={rows.isFetching ? 'loading' : 'ready'}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              {mapped.map((m) => (
                <Table.Th key={m.column}>{preview.columns[m.column]}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows.data?.rows ?? []).map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td c="dimmed">{row.line}</Table.Td>
                {row.cells.map((cell) => (
                  <Table.Td key={cell.column}>
                    {cell.problem !== null ? (
                      <Text size="xs" c="red">
                        {cell.problem}
                      </Text>
                    ) : (
                      <SentText sent={cell.sent} />
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

import { Code, Group, NumberInput, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type ImportPreview, type ReadOptions } from '../../../../electron/shared/contract/imports';
import { useInvoke } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { countOf } from '../../components/plainNumbers';
import { shownLine } from '../../components/respondentText';

const ENCODINGS = [
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'utf-16le', label: 'UTF-16 LE (Excel "Unicode text")' },
  { value: 'utf-16be', label: 'UTF-16 BE' },
  { value: 'windows-1252', label: 'Windows-1252 (Western)' },
];
const DELIMITERS = [
  { value: ',', label: 'Comma ,' },
  { value: ';', label: 'Semicolon ;' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe |' },
];

/** Makes leading/trailing spaces and line breaks visible: the preview shows values exactly as read. */
function shown(value: string): string {
  return shownLine(
    value
      .replace(/\r\n|\n|\r/g, '↵')
      .replace(/^ +| +$/g, (spaces) => '·'.repeat(spaces.length))
      .replace(/\t/g, '→'),
  );
}

/**
 * How the file was read (sheet, encoding, delimiter, header row), changed right beside the rows
 * as read: each change reads the file again and the preview follows.
 */
export function FilePreview({
  preview,
  onRead,
}: {
  preview: ImportPreview;
  onRead: (preview: ImportPreview) => void;
}) {
  const invoke = useInvoke();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const reread = async (change: ReadOptions) => {
    setBusy(true);
    setError(null);
    try {
      const options: ReadOptions = {
        ...(preview.encoding ? { encoding: preview.encoding } : {}),
        ...(preview.delimiter ? { delimiter: preview.delimiter } : {}),
        ...(preview.sheet ? { sheet: preview.sheet } : {}),
        headerLine: preview.headerRow,
        ...change,
      };
      onRead(await invoke('imports.parse', { uploadId: preview.fileId, options }));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      {/* The reading settings: one column of selects. */}
      <Stack gap="xs" w={220} style={{ flexShrink: 0 }} aria-label="Reading settings" role="group">
        {preview.sheets.length > 1 && (
          <Select
            label="Sheet"
            data={preview.sheets.map((s) => ({
              value: s.name,
              label: `${s.name} (${s.rowCount.toLocaleString()} rows)`,
            }))}
            value={preview.sheet}
            disabled={busy}
            allowDeselect={false}
            // Another sheet has its own header row: found again, not carried over.
            onChange={(v) => v && void reread({ sheet: v, headerLine: undefined })}
          />
        )}
        {preview.encoding && (
          <Select
            label="Encoding"
            data={ENCODINGS}
            value={preview.encoding}
            disabled={busy}
            allowDeselect={false}
            onChange={(v) => v && void reread({ encoding: v as ReadOptions['encoding'] })}
          />
        )}
        {preview.delimiter && (
          <Select
            label="Delimiter"
            data={DELIMITERS}
            value={preview.delimiter}
            disabled={busy}
            allowDeselect={false}
            onChange={(v) => v && void reread({ delimiter: v as ReadOptions['delimiter'] })}
          />
        )}
        <NumberInput
          label="Header on line"
          min={1}
          value={preview.headerRow}
          disabled={busy}
          onChange={(v) => typeof v === 'number' && v >= 1 && void reread({ headerLine: v })}
        />
      </Stack>
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        {error !== null && <ErrorAlert error={error} />}
        <Text size="sm" c="dimmed" data-state="file-read">
          {preview.fileName}: {countOf(preview.rowCount, 'row')} and{' '}
          {countOf(preview.columns.length, 'column')}. The first rows, exactly as read (· a space, ↵
          a line break inside a value):
        </Text>
        <ScrollArea>
          <Table
            withTableBorder
            withColumnBorders
            aria-label="Rows as read"
            data-state={busy ? 'loading' : 'ready'}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                {preview.columns.map((c, i) => (
                  <Table.Th key={i}>
                    <Code>{shown(c)}</Code>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.sampleRows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td c="dimmed">{row.line}</Table.Td>
                  {row.cells.map((cell, i) => (
                    <Table.Td key={i} style={{ whiteSpace: 'pre' }}>
                      <bdi dir="auto">{shown(cell)}</bdi>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Group>
  );
}

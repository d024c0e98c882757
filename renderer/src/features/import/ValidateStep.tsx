import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  type CellIssue,
  type ColumnMapping,
  type ImportPreview,
  type ImportValidation,
} from '../../../../electron/shared/contract/imports';
import { useInvoke } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';

interface Props {
  formId: string;
  preview: ImportPreview;
  mappings: ColumnMapping[];
  validation: ImportValidation | null;
  onValidated: (validation: ImportValidation) => void;
}

type Edits = Map<string, { rowIndex: number; column: number; value: string }>;

/** Step 5: every row checked; only rows with problems are listed, to fix in place or leave out. */
export function ValidateStep({ formId, preview, mappings, validation, onValidated }: Props) {
  const invoke = useInvoke();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [edits, setEdits] = useState<Edits>(new Map());
  // A row's box answers the click at once; the journal's answer then confirms it (or a failure
  // puts it back and says why).
  const [choices, setChoices] = useState<Map<number, boolean>>(new Map());

  useEffect(() => {
    if (validation !== null) return;
    let live = true;
    invoke('imports.validate', { fileId: preview.fileId, formId, mappings })
      .then((result) => live && onValidated(result))
      .catch((failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [validation, invoke, preview.fileId, formId, mappings, onValidated]);

  if (error !== null && validation === null) return <ErrorAlert error={error} />;
  if (validation === null) return <LoadingState rows={5} height={36} label="Checking every row" />;

  const change = async (input: { edits?: Edits; exclude?: number[]; include?: number[] }) => {
    setBusy(true);
    setError(null);
    try {
      const result = await invoke('imports.validate', {
        jobId: validation.jobId,
        ...(input.edits ? { edits: [...input.edits.values()] } : {}),
        ...(input.exclude ? { exclude: input.exclude } : {}),
        ...(input.include ? { include: input.include } : {}),
      });
      if (input.edits) setEdits(new Map());
      onValidated(result);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const choose = (rowIndex: number, included: boolean) => {
    setChoices((current) => new Map(current).set(rowIndex, included));
    void change(included ? { include: [rowIndex] } : { exclude: [rowIndex] }).finally(() =>
      setChoices((current) => {
        const next = new Map(current);
        next.delete(rowIndex);
        return next;
      }),
    );
  };

  const issuesOf = (rowIndex: number) => validation.issues.filter((i) => i.rowIndex === rowIndex);
  const mapped = new Set(mappings.filter((m) => m.target.kind !== 'ignore').map((m) => m.column));

  return (
    <Stack gap="sm" data-state={busy ? 'loading' : 'ready'}>
      <Group gap="xs" aria-label="Validation summary">
        <Badge color="teal" variant="light">
          {validation.validRows.toLocaleString()} ready
        </Badge>
        <Badge color="red" variant="light">
          {validation.errorRows.toLocaleString()} with errors (not sent)
        </Badge>
        <Badge color="yellow" variant="light">
          {validation.warningRows.toLocaleString()} with warnings
        </Badge>
        <Badge color="gray" variant="light">
          {validation.excludedRows.toLocaleString()} left out
        </Badge>
        {validation.alreadyImported > 0 && (
          <Badge variant="light">
            {validation.alreadyImported.toLocaleString()} imported before (skipped)
          </Badge>
        )}
      </Group>
      {error !== null && <ErrorAlert error={error} />}
      {validation.rows.length === 0 ? (
        <Alert color="teal" title="Every row is ready">
          No cell has a problem.
        </Alert>
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Rows with problems. Fix a value and save, or leave the row out. Rows with errors are
              never sent.
            </Text>
            <Button
              size="xs"
              disabled={edits.size === 0 || busy}
              onClick={() => void change({ edits })}
            >
              Save fixes ({edits.size})
            </Button>
          </Group>
          <ScrollArea h={420}>
            <Table aria-label="Rows with problems" stickyHeader verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Import</Table.Th>
                  {preview.columns.map((c, i) => mapped.has(i) && <Table.Th key={i}>{c}</Table.Th>)}
                  <Table.Th>Problems</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {validation.rows.map((row) => {
                  const issues = issuesOf(row.rowIndex);
                  return (
                    <Table.Tr
                      key={row.rowIndex}
                      data-line={row.line}
                      opacity={row.excluded ? 0.5 : 1}
                    >
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Import line ${row.line}`}
                          checked={choices.get(row.rowIndex) ?? !row.excluded}
                          disabled={choices.has(row.rowIndex)}
                          onChange={(e) => choose(row.rowIndex, e.currentTarget.checked)}
                        />
                      </Table.Td>
                      {row.cells.map((cell, column) =>
                        mapped.has(column) ? (
                          <Table.Td key={column}>
                            <CellEditor
                              line={row.line}
                              column={preview.columns[column] ?? ''}
                              value={edits.get(`${row.rowIndex}:${column}`)?.value ?? cell}
                              issue={issues.find((i) => i.column === column)}
                              onChange={(value) =>
                                setEdits((current) =>
                                  new Map(current).set(`${row.rowIndex}:${column}`, {
                                    rowIndex: row.rowIndex,
                                    column,
                                    value,
                                  }),
                                )
                              }
                            />
                          </Table.Td>
                        ) : null,
                      )}
                      <Table.Td>
                        <Stack gap={2}>
                          {issues.map((issue, i) => (
                            <Text
                              key={i}
                              size="xs"
                              c={issue.severity === 'error' ? 'red' : 'yellow.8'}
                            >
                              {issue.message}
                            </Text>
                          ))}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {validation.rows.length <
            validation.errorRows + validation.warningRows + validation.excludedRows && (
            <Text size="xs" c="dimmed">
              The first {validation.rows.length.toLocaleString()} rows with problems are shown; the
              counts cover the whole file.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

function CellEditor({
  line,
  column,
  value,
  issue,
  onChange,
}: {
  line: number;
  column: string;
  value: string;
  issue: CellIssue | undefined;
  onChange: (v: string) => void;
}) {
  if (!issue) return <Text size="sm">{value}</Text>;
  const icon =
    issue.severity === 'error' ? (
      <IconCircleX size={14} color="var(--mantine-color-red-6)" />
    ) : (
      <IconAlertTriangle size={14} color="var(--mantine-color-yellow-7)" />
    );
  return (
    <Tooltip label={issue.message} multiline w={280}>
      <TextInput
        size="xs"
        aria-label={`${column} on line ${line}`}
        value={value}
        error={issue.severity === 'error'}
        leftSection={icon}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </Tooltip>
  );
}

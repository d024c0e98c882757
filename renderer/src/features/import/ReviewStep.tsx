import {
  Accordion,
  Alert,
  Badge,
  Checkbox,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  type ColumnMapping,
  type DateFormat,
  type ImportPreview,
  type ImportValidation,
} from '../../../../electron/shared/contract/imports';
import { withDateOrders } from '../../../../electron/shared/dateOrders';
import { useInvoke } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { countOf } from '../../components/plainNumbers';
import { DateOrderNotes } from './DateOrderNotes';
import { ProblemCell } from './ProblemCell';
import { RequestsPreview } from './RequestsPreview';

interface Props {
  formId: string;
  preview: ImportPreview;
  mappings: ColumnMapping[];
  validation: ImportValidation | null;
  onValidated: (validation: ImportValidation) => void;
  /** The mappings as the review reads the file (a date order the file settles, or one chosen). */
  onMappings: (mappings: ColumnMapping[]) => void;
}

interface Edit {
  rowIndex: number;
  column: number;
  value: string;
}
type Change = {
  edits?: Edit[];
  exclude?: number[];
  include?: number[];
  dateFormats?: Array<{ column: number; dateFormat: DateFormat }>;
};

const key = (rowIndex: number, column: number) => `${rowIndex}:${column}`;

/**
 * The third screen: every row checked. Rows with problems are listed with each problem's
 * sentence, to fix in place (a cell is saved when it loses focus, or by taking the close value
 * offered) or to leave out; the exact requests are behind a disclosure.
 */
export function ReviewStep({
  formId,
  preview,
  mappings,
  validation,
  onValidated,
  onMappings,
}: Props) {
  const invoke = useInvoke();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState<Map<string, string>>(new Map());
  // A row's box answers the click at once; the journal's answer then confirms it (or a failure
  // puts it back and says why).
  const [choices, setChoices] = useState<Map<number, boolean>>(new Map());
  const [requestsOpen, setRequestsOpen] = useState<string | null>(null);

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

  // The columns step shows the orders the review reads dates in, should the person go back.
  useEffect(() => {
    if (validation === null) return;
    const read = withDateOrders(mappings, validation.dates);
    if (read !== mappings) onMappings(read);
  }, [validation, mappings, onMappings]);

  if (error !== null && validation === null) return <ErrorAlert error={error} />;
  if (validation === null) return <LoadingState rows={5} height={36} label="Checking every row" />;

  const change = async (input: Change) => {
    setBusy(true);
    setError(null);
    try {
      onValidated(await invoke('imports.validate', { jobId: validation.jobId, ...input }));
      setTyped((current) => {
        const next = new Map(current);
        for (const e of input.edits ?? []) next.delete(key(e.rowIndex, e.column));
        return next;
      });
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
  const allowed = new Map(validation.allowed.map((a) => [a.column, a.values]));
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
      <DateOrderNotes
        dates={validation.dates}
        columns={preview.columns}
        onChoose={(column, dateFormat) => void change({ dateFormats: [{ column, dateFormat }] })}
      />
      {validation.rows.length === 0 ? (
        <Alert color="teal" title="Every row is ready">
          No cell has a problem.
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Rows with problems. Fix a value in its cell (it is checked again as you leave the cell),
            take the value offered, or leave the row out. Rows with errors are never sent.
          </Text>
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
                      {row.cells.map((cell, column) => {
                        if (!mapped.has(column)) return null;
                        const at = key(row.rowIndex, column);
                        const save = (value: string) =>
                          value !== cell &&
                          void change({ edits: [{ rowIndex: row.rowIndex, column, value }] });
                        return (
                          <Table.Td key={column}>
                            <ProblemCell
                              line={row.line}
                              column={preview.columns[column] ?? ''}
                              value={typed.get(at) ?? cell}
                              issues={issues.filter((i) => i.column === column)}
                              allowed={allowed.get(column)}
                              onType={(value) =>
                                setTyped((current) => new Map(current).set(at, value))
                              }
                              onSave={save}
                            />
                          </Table.Td>
                        );
                      })}
                      <Table.Td miw={300}>
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
              The first {countOf(validation.rows.length, 'row')} with problems are shown; the counts
              cover the whole file.
            </Text>
          )}
        </>
      )}
      <Accordion variant="contained" value={requestsOpen} onChange={setRequestsOpen}>
        <Accordion.Item value="requests">
          <Accordion.Control>Show the requests</Accordion.Control>
          <Accordion.Panel>
            {/* Planned when opened: the plan reads every row, and most imports never need it. */}
            {requestsOpen === 'requests' && !busy && <RequestsPreview jobId={validation.jobId} />}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

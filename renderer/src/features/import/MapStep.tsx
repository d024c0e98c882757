import {
  Badge,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import {
  DATE_FORMATS,
  type ColumnConversion,
  type ColumnMapping,
  type ColumnTarget,
  type ImportPreview,
} from '../../../../electron/shared/contract/imports';
import { useOp } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import {
  conversionsFor,
  FIELD_KINDS,
  fieldTarget,
  targetOf,
  targetOptions,
  valueOf,
  type QuestionChoice,
} from './columnTargets';
import { MappedRows } from './MappedRows';

const OTHER = '__other__';

interface Props {
  formId: string;
  preview: ImportPreview;
  mappings: ColumnMapping[] | null;
  onChange: (mappings: ColumnMapping[], questions: QuestionChoice[]) => void;
}

/**
 * The second screen: where each column goes (suggested by header and by values, remembered per
 * form), its conversions, and the first rows as they will be sent.
 */
export function MapStep({ formId, preview, mappings, onChange }: Props) {
  const suggestion = useOp(
    'imports.suggestMapping',
    { formId, fileId: preview.fileId },
    { staleTime: Infinity },
  );
  const confidence = useMemo(
    () =>
      new Map(
        (suggestion.data?.mappings ?? []).map((m) => [
          m.column,
          { score: m.confidence, remembered: m.remembered, reason: m.reason },
        ]),
      ),
    [suggestion.data],
  );

  useEffect(() => {
    if (!suggestion.data || mappings !== null) return;
    onChange(
      suggestion.data.mappings.map(({ column, target, convert }) => ({
        column,
        target,
        ...(convert ? { convert } : {}),
      })),
      suggestion.data.questions,
    );
  }, [suggestion.data, mappings, onChange]);

  if (suggestion.isError)
    return <ErrorAlert error={suggestion.error} onRetry={() => void suggestion.refetch()} />;
  if (!suggestion.data || mappings === null)
    return <LoadingState rows={4} height={36} label="Matching columns to questions" />;
  const questions = suggestion.data.questions;
  const update = (column: number, change: Partial<ColumnMapping>) =>
    onChange(
      mappings.map((m) => (m.column === column ? { ...m, ...change } : m)),
      questions,
    );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Columns are matched to the form&apos;s questions by their headers and by what they hold;
        your choices are remembered for this form.
        {questions.length === 0 &&
          ' This form has no known questions yet: sync it first, or type question ids by hand.'}
      </Text>
      <ScrollArea>
        <Table aria-label="Column mapping" verticalSpacing="xs" data-state="ready">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>First value</Table.Th>
              <Table.Th>Goes to</Table.Th>
              <Table.Th>Conversion</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mappings.map((mapping) => (
              <Table.Tr key={mapping.column} data-column={preview.columns[mapping.column]}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {preview.columns[mapping.column]}
                    </Text>
                    <MatchBadge match={confidence.get(mapping.column)} target={mapping.target} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={1} maw={220}>
                    {preview.sampleRows.find((r) => r.cells[mapping.column] !== '')?.cells[
                      mapping.column
                    ] ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td miw={280}>
                  <TargetPicker
                    label={`Target for ${preview.columns[mapping.column]}`}
                    target={mapping.target}
                    questions={questions}
                    onChange={(target) => update(mapping.column, { target })}
                  />
                </Table.Td>
                <Table.Td>
                  <ConversionEditor
                    target={mapping.target}
                    convert={mapping.convert ?? {}}
                    onChange={(convert) => update(mapping.column, { convert })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <MappedRows formId={formId} preview={preview} mappings={mappings} />
    </Stack>
  );
}

/** How sure a suggestion must be to read as a match rather than a guess to check. */
const SURE = 0.85;

function MatchBadge({
  match,
  target,
}: {
  match: { score: number; remembered: boolean; reason: string } | undefined;
  target: ColumnTarget;
}) {
  if (!match || target.kind === 'ignore' || match.score === 0) return null;
  const [label, color, meaning] = match.remembered
    ? ['remembered', 'blue', 'You chose this target before, for a column with this header.']
    : match.score >= SURE
      ? ['match', 'teal', 'A sure match.']
      : ['check', 'yellow', 'A guess: check that this is the right question.'];
  return (
    <Tooltip
      label={`${meaning} ${match.reason} (How sure: ${Math.round(match.score * 100)}%.)`}
      multiline
      w={300}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge size="xs" variant="light" color={color} tabIndex={0}>
        {label}
      </Badge>
    </Tooltip>
  );
}

function TargetPicker({
  label,
  target,
  questions,
  onChange,
}: {
  label: string;
  target: ColumnTarget;
  questions: QuestionChoice[];
  onChange: (t: ColumnTarget) => void;
}) {
  const listed = targetOptions(questions);
  const isListed = listed.some((g) => g.items.some((i) => i.value === valueOf(target)));
  const [otherKind, setOtherKind] = useState<string>(otherKindOf(target) ?? 'question');
  const [otherId, setOtherId] = useState(
    isListed || target.kind === 'ignore' ? '' : 'id' in target ? target.id : '',
  );
  const [other, setOther] = useState(!isListed);

  const data = [
    ...listed,
    { group: 'Other', items: [{ value: OTHER, label: 'Another field (type its id)…' }] },
  ];
  return (
    <Stack gap={4}>
      <Select
        aria-label={label}
        data={data}
        value={other ? OTHER : valueOf(target)}
        allowDeselect={false}
        searchable
        onChange={(value) => {
          if (value === OTHER) return setOther(true);
          if (value) {
            setOther(false);
            onChange(targetOf(value));
          }
        }}
      />
      {other && (
        <Group gap={4} wrap="nowrap">
          <Select
            aria-label={`${label}: kind of field`}
            data={FIELD_KINDS.map((k) => ({ ...k }))}
            value={otherKind}
            allowDeselect={false}
            onChange={(k) => k && setOtherKind(k)}
            w={200}
          />
          <TextInput
            aria-label={`${label}: field id`}
            placeholder="id"
            value={otherId}
            onChange={(e) => setOtherId(e.currentTarget.value)}
            w={120}
          />
          <Button
            size="xs"
            variant="light"
            disabled={otherId.trim() === ''}
            onClick={() => onChange(fieldTarget(otherKind, otherId))}
          >
            Use
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function otherKindOf(target: ColumnTarget): string | null {
  if (target.kind === 'question') return 'question';
  if (target.kind === 'urlParameter') return 'urlParameter';
  if (target.kind === 'scheduling' || target.kind === 'payment')
    return `${target.kind}.${target.field}`;
  return null;
}

function ConversionEditor({
  target,
  convert,
  onChange,
}: {
  target: ColumnTarget;
  convert: ColumnConversion;
  onChange: (c: ColumnConversion) => void;
}) {
  const offers = conversionsFor(target);
  return (
    <Group gap={6} wrap="nowrap">
      {offers.number && (
        <Text size="xs" c="dimmed" component="span">
          Decimal mark
        </Text>
      )}
      {offers.number && (
        <SegmentedControl
          size="xs"
          aria-label="Decimal mark"
          data={[
            { value: '.', label: '1,234.5' },
            { value: ',', label: '1.234,5' },
          ]}
          value={convert.decimalSeparator ?? '.'}
          onChange={(v) => onChange({ ...convert, decimalSeparator: v as '.' | ',' })}
        />
      )}
      {offers.date && (
        <>
          <Select
            size="xs"
            aria-label="Date format"
            data={DATE_FORMATS.map((f) => ({
              value: f,
              label: f === 'iso' ? 'ISO (2024-05-16)' : f,
            }))}
            value={convert.dateFormat ?? 'iso'}
            allowDeselect={false}
            onChange={(v) =>
              v && onChange({ ...convert, dateFormat: v as ColumnConversion['dateFormat'] })
            }
            w={150}
          />
          {offers.time && (
            <TextInput
              size="xs"
              aria-label="Time zone"
              placeholder="UTC"
              value={convert.timeZone ?? ''}
              onChange={(e) =>
                onChange({ ...convert, timeZone: e.currentTarget.value || undefined })
              }
              w={130}
            />
          )}
        </>
      )}
      {offers.list && (
        <TextInput
          size="xs"
          aria-label="List separator"
          placeholder="; or ,"
          value={convert.listSeparator ?? ''}
          onChange={(e) =>
            onChange({ ...convert, listSeparator: e.currentTarget.value || undefined })
          }
          w={80}
        />
      )}
      {offers.boolean && (
        <Text size="xs" c="dimmed">
          yes/no, ja/nein, 1/0, true/false
        </Text>
      )}
    </Group>
  );
}

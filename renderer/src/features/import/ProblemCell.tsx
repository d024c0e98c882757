import { Button, Select, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleX } from '@tabler/icons-react';
import { type CSSProperties, useId } from 'react';
import { type CellIssue } from '../../../../electron/shared/contract/imports';

const ERROR_COLORS = {
  '--input-color': 'var(--mantine-color-text)',
  '--input-placeholder-color': 'var(--mantine-color-red-text)',
} as CSSProperties;

/**
 * A reviewed cell: as it will be sent, or, when it has a problem, its editor with a mark, the
 * reason on hover and focus (and read with the field), and the close value to take in one click.
 */
export function ProblemCell({
  line,
  column,
  value,
  issues,
  allowed,
  onType,
  onSave,
}: {
  line: number;
  column: string;
  value: string;
  issues: readonly CellIssue[];
  /** The values the question allows, when it is one of a short list: picked, not typed. */
  allowed: string[] | undefined;
  onType: (value: string) => void;
  onSave: (value: string) => void;
}) {
  const reasonId = useId();
  if (issues.length === 0) return <Text size="sm">{value}</Text>;
  const error = issues.some((i) => i.severity === 'error');
  const reasons = issues.map((i) => i.reason ?? i.message);
  const suggestion = issues.find((i) => i.suggestion !== undefined)?.suggestion;
  const editor = {
    size: 'xs',
    'aria-label': `${column} on line ${line}`,
    // The reason is the field's description: the input's own links would drop it.
    withAria: false,
    'aria-invalid': error,
    'aria-describedby': reasonId,
    error,
    // The border and the mark say "wrong"; the value itself stays as legible as any other.
    styles: { wrapper: ERROR_COLORS },
    leftSection: error ? (
      <IconCircleX size={14} color="var(--mantine-color-red-6)" aria-hidden />
    ) : (
      <IconAlertTriangle size={14} color="var(--mantine-color-yellow-7)" aria-hidden />
    ),
  } as const;
  return (
    <Stack gap={2} miw={150} data-problem={error ? 'error' : 'warning'}>
      <Tooltip
        label={reasons.join(' ')}
        multiline
        w={320}
        position="top-start"
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        {allowed ? (
          <Select
            {...editor}
            data={allowed}
            value={allowed.includes(value) ? value : null}
            // The value the file gave stays in sight until one the form allows is picked.
            placeholder={value === '' ? 'Choose a value' : value}
            searchable
            onChange={(picked) => picked !== null && onSave(picked)}
          />
        ) : (
          <TextInput
            {...editor}
            value={value}
            onChange={(e) => onType(e.currentTarget.value)}
            onBlur={(e) => onSave(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && onSave(e.currentTarget.value)}
          />
        )}
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reasons.join(' ')}</VisuallyHidden>
      {suggestion !== undefined && (
        <Button size="compact-xs" variant="light" onClick={() => onSave(suggestion)}>
          Use “{suggestion}”
        </Button>
      )}
    </Stack>
  );
}

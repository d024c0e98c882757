import { Card, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { FormRow } from '../../../../electron/shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { describeProgress, type SyncProgress } from './syncProgress';

/** One form in the list: what it is, how much of it is cached, and its sync. */
export function FormCard({
  form,
  progress,
  onOpen,
}: {
  form: FormRow;
  progress?: SyncProgress;
  onOpen: () => void;
}) {
  const syncing = progress && !progress.done;
  const described = progress ? describeProgress(progress) : null;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={form.name}
      data-form-id={form.formId}
      data-state={syncing ? 'syncing' : 'idle'}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <UnstyledButton onClick={onOpen} aria-label={`Open ${form.name}`}>
            <Group gap={4} wrap="nowrap">
              <Text fw={600} truncate>
                {form.name}
              </Text>
              <IconChevronRight size={16} />
            </Group>
          </UnstyledButton>
          <Group gap={2} wrap="nowrap">
            <Text size="xs" c="dimmed" ff="monospace" truncate>
              {form.formId}
            </Text>
            <CopyButton value={form.formId} label={`Copy the id of ${form.name}`} />
          </Group>
        </Stack>
      </Group>
      {described && (syncing || progress?.error) && (
        <Stack gap={4} mt="sm" role="status" aria-live="polite">
          {syncing && (
            <Progress
              value={described.percent ?? 100}
              animated={described.percent === null}
              striped={described.percent === null}
              size="sm"
              aria-label={`Sync progress of ${form.name}`}
            />
          )}
          <Text size="xs" c={progress?.error ? 'red' : 'dimmed'}>
            {described.label}
          </Text>
        </Stack>
      )}
    </Card>
  );
}

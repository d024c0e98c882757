import { Card, Group, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconForms, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useAppLocation } from '../../app/useAppLocation';
import { useOp } from '../../bridge';
import { CopyButton } from '../../components/CopyButton';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';

/** The home of a workspace: its forms; opening one shows its submissions. */
export function FormsScreen() {
  const forms = useOp('forms.list', {});
  const { go } = useAppLocation();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const shown = forms.data?.forms.filter(
    (form) =>
      !query ||
      form.name.toLowerCase().includes(query) ||
      form.formId.toLowerCase().includes(query),
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Forms</Title>
        <TextInput
          aria-label="Search forms"
          placeholder="Search forms"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
      </Group>
      {forms.isPending && <LoadingState rows={4} height={72} label="Loading forms" />}
      {forms.isError && <ErrorAlert error={forms.error} onRetry={() => void forms.refetch()} />}
      {shown && shown.length === 0 && (
        <EmptyState icon={<IconForms />} title={query ? 'No form matches' : 'No forms yet'}>
          {query
            ? 'Try another name or id.'
            : 'Forms you create on the service appear here after a sync.'}
        </EmptyState>
      )}
      {shown && shown.length > 0 && (
        <Stack gap="sm" data-state="ready">
          {shown.map((form) => (
            <Card key={form.formId} withBorder padding="md">
              <Group justify="space-between">
                <UnstyledButton onClick={() => go('submissions', { formId: form.formId })}>
                  <Text fw={600}>{form.name}</Text>
                </UnstyledButton>
                <Group gap={4}>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {form.formId}
                  </Text>
                  <CopyButton value={form.formId} label="Copy form id" />
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

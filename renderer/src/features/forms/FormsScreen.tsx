import { Badge, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconForms, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useAppLocation } from '../../app/useAppLocation';
import { useOp } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { useCurrentWorkspace } from '../workspaces/useWorkspaces';
import { FormCard } from './FormCard';
import { matchesSearch } from './matchesSearch';
import { useSyncProgress } from './useSyncProgress';

/** The home of a workspace: its forms, what is cached of each; opening one shows its submissions. */
export function FormsScreen() {
  const workspace = useCurrentWorkspace();
  const forms = useOp('forms.list', {});
  const progress = useSyncProgress(workspace?.id ?? null);
  const { go } = useAppLocation();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const shown = forms.data?.forms.filter((form) => matchesSearch(form, query));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>Forms</Title>
          {forms.data && (
            <Badge variant="light" color="gray" aria-label={`${forms.data.forms.length} forms`}>
              {forms.data.forms.length}
            </Badge>
          )}
        </Group>
        <TextInput
          aria-label="Search forms"
          placeholder="Search by name or id"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 300 }}
        />
      </Group>
      {forms.isPending && <LoadingState rows={4} height={88} label="Loading forms" />}
      {forms.isError && <ErrorAlert error={forms.error} onRetry={() => void forms.refetch()} />}
      {shown && shown.length === 0 && (
        <EmptyState icon={<IconForms />} title={search.trim() ? 'No form matches' : 'No forms yet'}>
          {search.trim()
            ? `Nothing is named like “${search.trim()}”. Try another name or a form id.`
            : 'Forms you create on the service appear here after a sync.'}
        </EmptyState>
      )}
      {shown && shown.length > 0 && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" data-state="ready" aria-label="Forms">
          {shown.map((form) => (
            <FormCard
              key={form.formId}
              form={form}
              progress={progress.get(form.formId)}
              onOpen={() => go('submissions', { formId: form.formId })}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

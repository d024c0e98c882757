import { Badge, Group, Kbd, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudOff, IconForms, IconSearch } from '@tabler/icons-react';
import { useHotkeys } from '@mantine/hooks';
import { useDeferredValue, useRef, useState } from 'react';
import { useConnectionState, useMachineOnline } from '../../app/connection';
import { REACH_WORDS, unreachableOf } from '../../app/reach';
import { useAppLocation } from '../../app/useAppLocation';
import { toErrorShape, useOp, useOpMutation } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { adviseOn } from '../../components/errorAdvice';
import { LoadingState } from '../../components/LoadingState';
import { KeyRefusedAlert } from '../workspaces/KeyRefusedAlert';
import { useCurrentWorkspace } from '../workspaces/useWorkspaces';
import { FormCard } from './FormCard';
import { matchesSearch } from './matchesSearch';
import { useSyncProgress } from './useSyncProgress';

const isMac = /Mac|iPhone|iPad/.test(navigator.platform);

/** The home of a workspace: its forms, what is cached of each; opening one shows its submissions. */
export function FormsScreen() {
  const workspace = useCurrentWorkspace();
  const workspaceId = workspace?.id ?? null;
  const forms = useOp('forms.list', {});
  const status = useOp('sync.status', {});
  const connection = useConnectionState(workspaceId);
  const progress = useSyncProgress(workspaceId);
  const { go } = useAppLocation();
  const [search, setSearch] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);
  useHotkeys([['mod+K', () => searchBox.current?.focus()]]);
  const query = useDeferredValue(search);
  const sync = useOpMutation('sync.start', {
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Sync did not start',
        message: adviseOn(toErrorShape(error)).sentence,
      }),
  });

  const offline = connection === 'offline' || connection === 'unauthorized';
  const unreachable = unreachableOf(connection, useMachineOnline());
  // One banner for a refused key, whether the connection or the forms' answer said so first.
  const keyRefused =
    workspace?.kind === 'remote' &&
    (connection === 'unauthorized' || forms.error?.shape.code === 'UNAUTHORIZED');
  const all = forms.data?.forms;
  const shown = all?.filter((form) => matchesSearch(form, query));
  const detail = new Map(status.data?.forms.map((form) => [form.formId, form]));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>Forms</Title>
          {all && shown && (
            <Badge
              variant="light"
              color="gray"
              aria-label={`${shown.length} of ${all.length} forms`}
            >
              {shown.length === all.length ? all.length : `${shown.length} of ${all.length}`}
            </Badge>
          )}
        </Group>
        <TextInput
          ref={searchBox}
          aria-label="Search forms"
          placeholder="Search by name or id"
          rightSection={<Kbd size="xs">{isMac ? '⌘' : 'Ctrl'} K</Kbd>}
          rightSectionWidth={64}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 300 }}
        />
      </Group>
      {keyRefused && workspace && <KeyRefusedAlert workspace={workspace} />}
      {unreachable && forms.data?.source === 'cache' && (
        <Group gap="xs" c="dimmed" data-state="offline">
          <IconCloudOff size={16} />
          <Text size="sm">
            {REACH_WORDS[unreachable].badge}: showing the forms and submissions cached on this
            computer.
          </Text>
        </Group>
      )}
      {forms.isPending && <LoadingState rows={4} height={120} label="Loading forms" />}
      {forms.isError && !keyRefused && (
        <ErrorAlert error={forms.error} onRetry={() => void forms.refetch()} />
      )}
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
              status={detail.get(form.formId)}
              progress={progress.get(form.formId)}
              offline={offline}
              keyRefused={keyRefused}
              onOpen={() => go('submissions', { formId: form.formId })}
              onSync={(mode) => sync.mutate({ formId: form.formId, mode })}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

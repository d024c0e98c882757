import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ColorSchemeControl } from '../../app/ColorSchemeControl';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { ExportSettings } from '../exports/ExportSettings';
import { ConnectForm } from './ConnectForm';
import { useWorkspaces } from './useWorkspaces';
import { WorkspaceCard } from './WorkspaceCard';

/** Settings: the workspaces on this computer, adding another, and the app's appearance. */
export function SettingsScreen() {
  const workspaces = useWorkspaces();
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="lg" maw={820}>
      <Title order={2}>Settings</Title>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={3}>Workspaces</Title>
          <Text c="dimmed" size="sm">
            Each workspace is one account on the service, with its own key and local cache.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add workspace
        </Button>
      </Group>
      {workspaces.isPending && <LoadingState rows={2} height={96} label="Loading workspaces" />}
      {workspaces.isError && (
        <ErrorAlert error={workspaces.error} onRetry={() => void workspaces.refetch()} />
      )}
      {workspaces.data && (
        <Stack gap="sm" data-state="ready">
          {workspaces.data.workspaces.map((workspace) => (
            <WorkspaceCard
              key={workspace.id}
              workspace={workspace}
              current={workspace.id === workspaces.data.currentId}
            />
          ))}
        </Stack>
      )}
      <ExportSettings />
      <Stack gap={6} mt="md">
        <Title order={3}>Appearance</Title>
        <ColorSchemeControl />
      </Stack>
      <Modal opened={adding} onClose={() => setAdding(false)} title="Connect an account" size="lg">
        <ConnectForm onConnected={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Modal>
    </Stack>
  );
}

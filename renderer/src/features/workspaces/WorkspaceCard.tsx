import { useQueryClient } from '@tanstack/react-query';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { KeyStorage, Workspace } from '../../../../electron/shared/contract';
import { useConnectionState } from '../../app/connection';
import { toErrorShape, useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { adviseOn } from '../../components/errorAdvice';
import { RelativeTime } from '../../components/RelativeTime';
import { AssistantAccessControl } from './AssistantAccessControl';
import { KeyReentryForm } from './KeyReentryForm';
import { useSwitchWorkspace } from './useSwitchWorkspace';
import { useWorkspaces } from './useWorkspaces';
import { REGION_LABELS, regionOf } from './baseUrl';

const STORAGE_LABELS: Record<KeyStorage, string> = {
  secure: 'Key in system keyring',
  session: 'Key kept until quit',
  plaintext: 'Key stored unencrypted',
};

/** One workspace in Settings: what it is, and switch, rename, remove. */
export function WorkspaceCard({ workspace, current }: { workspace: Workspace; current: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [reentering, setReentering] = useState(false);
  const keyRefused = useConnectionState(current ? workspace.id : null) === 'unauthorized';
  const select = useSwitchWorkspace();
  const queryClient = useQueryClient();
  const next = useWorkspaces().data?.workspaces.find((other) => other.id !== workspace.id) ?? null;
  const remove = useOpMutation('workspaces.remove', {
    invalidates: [],
    onSuccess: async () => {
      notifications.show({ message: `Removed “${workspace.name}”, its key and its local cache.` });
      // Removing the open workspace opens another one rather than leaving the app on a first run.
      if (current && next) await select.mutateAsync({ id: next.id });
      else await queryClient.resetQueries();
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not remove the workspace',
        message: adviseOn(toErrorShape(error)).sentence,
      }),
  });
  const region = workspace.kind === 'demo' ? null : regionOf(workspace.baseUrl);

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: `Remove “${workspace.name}”?`,
      children: (
        <Text size="sm">
          Formdesk forgets this workspace’s API key and deletes its local cache of submissions from
          this computer. Nothing is deleted on the service; you can connect again later.
        </Text>
      ),
      labels: { confirm: 'Remove workspace', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ id: workspace.id }),
    });

  return (
    <Card withBorder padding="md" aria-label={workspace.name} component="section">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{workspace.name}</Text>
            {current && <Badge variant="light">Open</Badge>}
            {workspace.kind === 'demo' && (
              <Badge variant="light" color="teal">
                Demo
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {workspace.kind === 'demo'
              ? // Its address is a port picked afresh at each start: nothing to copy or keep.
                'Sample forms on a service inside Formdesk; nothing leaves this computer'
              : `${region && region !== 'custom' ? `${REGION_LABELS[region]} · ` : ''}${workspace.baseUrl}`}
          </Text>
          <Group gap="xs">
            {workspace.kind === 'remote' && (
              <Badge
                size="sm"
                variant="outline"
                color={workspace.keyStorage === 'plaintext' ? 'orange' : 'gray'}
              >
                {STORAGE_LABELS[workspace.keyStorage]}
              </Badge>
            )}
            {!workspace.keyAvailable && (
              <Badge size="sm" color="red" variant="light">
                Key missing
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              Added <RelativeTime value={workspace.createdAt} />
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {workspace.kind === 'remote' && (!workspace.keyAvailable || keyRefused) && (
            <Button size="xs" onClick={() => setReentering(true)}>
              {workspace.keyAvailable ? 'Enter a new key' : 'Enter the key again'}
            </Button>
          )}
          {!current && (
            <Button
              variant="light"
              size="xs"
              loading={select.isPending}
              onClick={() => select.mutate({ id: workspace.id })}
            >
              Switch to
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`More actions for ${workspace.name}`}
              >
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(true)}>
                Rename
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={confirmRemove}>
                Remove…
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Divider my="sm" />
      <AssistantAccessControl workspace={workspace} />
      <Modal opened={renaming} onClose={() => setRenaming(false)} title="Rename workspace">
        <RenameForm workspace={workspace} onDone={() => setRenaming(false)} />
      </Modal>
      <Modal
        opened={reentering}
        onClose={() => setReentering(false)}
        title={`API key for “${workspace.name}”`}
      >
        <KeyReentryForm
          workspace={workspace}
          reason={workspace.keyAvailable ? 'refused' : 'missing'}
          onDone={() => setReentering(false)}
        />
      </Modal>
    </Card>
  );
}

function RenameForm({ workspace, onDone }: { workspace: Workspace; onDone: () => void }) {
  const [name, setName] = useState(workspace.name);
  const rename = useOpMutation('workspaces.rename', { onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) rename.mutate({ id: workspace.id, name: name.trim() });
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
          required
          maxLength={120}
        />
        {rename.isError && <ErrorAlert error={rename.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

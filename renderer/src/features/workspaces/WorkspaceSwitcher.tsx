import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { toErrorShape, useOpMutation } from '../../bridge';
import { adviseOn } from '../../components/errorAdvice';
import { useWorkspaces } from './useWorkspaces';

/** The header's workspace picker; switching refetches everything for the new workspace. */
export function WorkspaceSwitcher() {
  const { data } = useWorkspaces();
  const select = useOpMutation('workspaces.select', {
    invalidates: 'all',
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not switch workspace',
        message: adviseOn(toErrorShape(error)).sentence,
      }),
  });
  if (!data) return null;
  return (
    <Select
      aria-label="Workspace"
      size="sm"
      w={240}
      leftSection={<IconBuildingWarehouse size={16} />}
      data={data.workspaces.map((workspace) => ({ value: workspace.id, label: workspace.name }))}
      value={data.currentId}
      allowDeselect={false}
      disabled={select.isPending}
      onChange={(id) => {
        if (id && id !== data.currentId) select.mutate({ id });
      }}
    />
  );
}

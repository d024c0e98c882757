import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useSwitchWorkspace } from './useSwitchWorkspace';
import { useWorkspaces } from './useWorkspaces';

/** The header's workspace picker; switching refetches everything for the new workspace. */
export function WorkspaceSwitcher() {
  const { data } = useWorkspaces();
  const select = useSwitchWorkspace();
  if (!data) return null;
  return (
    <Select
      aria-label="Workspace"
      size="sm"
      w={{ base: 160, sm: 240 }}
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

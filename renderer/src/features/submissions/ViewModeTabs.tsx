import { Tabs } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';

export type ViewMode = 'table' | 'summary';

/** Whether the submissions show as a table of rows or as a summary of their answers. */
export function ViewModeTabs({
  mode,
  onChange,
}: {
  mode: ViewMode;
  onChange: (mode: ViewMode) => void;
}) {
  return (
    <Tabs
      variant="pills"
      radius="xl"
      value={mode}
      onChange={(value) => value && onChange(value as ViewMode)}
      activateTabWithKeyboard
    >
      <Tabs.List aria-label="Show the submissions as">
        <Tabs.Tab value="table" leftSection={<IconTable size={14} />}>
          Table
        </Tabs.Tab>
        <Tabs.Tab value="summary" leftSection={<IconChartBar size={14} />}>
          Summary
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

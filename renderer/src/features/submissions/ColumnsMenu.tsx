import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconColumns,
  IconPin,
  IconPinnedOff,
} from '@tabler/icons-react';
import { type Table } from '@tanstack/react-table';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';

/** Show, hide, reorder and pin columns; the header's drag and resize do the same by hand. */
export function ColumnsMenu({
  table,
  onReset,
}: {
  table: Table<SubmissionListRow>;
  onReset(): void;
}) {
  const columns = table.getAllLeafColumns();
  const order = columns.map((c) => c.id);
  const move = (id: string, by: -1 | 1) => {
    const from = order.indexOf(id);
    const to = from + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, id);
    table.setColumnOrder(next);
  };
  const visible = columns.filter((c) => c.getIsVisible()).length;

  return (
    <Popover position="bottom-end" shadow="md" width={320}>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {visible} of {columns.length} shown
            </Text>
            <Button variant="subtle" size="compact-xs" onClick={onReset}>
              Reset layout
            </Button>
          </Group>
          <ScrollArea.Autosize mah={360}>
            <Stack gap={2}>
              {columns.map((column, i) => {
                const label =
                  typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
                const pinned = column.getIsPinned();
                return (
                  <Group key={column.id} gap={4} wrap="nowrap" justify="space-between">
                    <Checkbox
                      size="xs"
                      label={label}
                      checked={column.getIsVisible()}
                      onChange={(event) => column.toggleVisibility(event.currentTarget.checked)}
                      styles={{
                        label: {
                          whiteSpace: 'nowrap',
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          maxWidth: 190,
                        },
                      }}
                    />
                    <Group gap={0} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        color={pinned ? 'blue' : 'gray'}
                        aria-label={pinned ? `Unpin ${label}` : `Pin ${label}`}
                        onClick={() => column.pin(pinned ? false : 'left')}
                      >
                        {pinned ? <IconPinnedOff size={14} /> : <IconPin size={14} />}
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        color="gray"
                        aria-label={`Move ${label} up`}
                        disabled={i === 0}
                        onClick={() => move(column.id, -1)}
                      >
                        <IconArrowUp size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        color="gray"
                        aria-label={`Move ${label} down`}
                        disabled={i === columns.length - 1}
                        onClick={() => move(column.id, 1)}
                      >
                        <IconArrowDown size={14} />
                      </ActionIcon>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

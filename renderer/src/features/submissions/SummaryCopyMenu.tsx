import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDots, IconPhoto } from '@tabler/icons-react';
import { summaryImage } from './summaryImage';
import { tableCsv, type SummaryTable } from './summaryTable';

/** A chart's own menu: its numbers as CSV, or the chart as an image, to the clipboard. */
export function SummaryCopyMenu({
  name,
  subtitle,
  table,
}: {
  name: string;
  subtitle: string;
  table: SummaryTable;
}) {
  const copied = (what: string) =>
    notifications.show({ title: 'Copied', message: `${what} of “${name}”, ready to paste.` });
  const refused = (error: unknown) =>
    notifications.show({
      color: 'red',
      title: 'Nothing was copied',
      message: `The clipboard refused it (${error instanceof Error ? error.message : String(error)}). Click the window once and try again.`,
    });
  const copyNumbers = () =>
    navigator.clipboard.writeText(tableCsv(table)).then(() => copied('The numbers'), refused);
  const copyImage = () =>
    navigator.clipboard
      .write([
        new ClipboardItem({
          'image/png': summaryImage(name, subtitle, table),
        }),
      ])
      .then(() => copied('The chart'), refused);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Copy “${name}”`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => void copyNumbers()}>
          Copy the numbers (CSV)
        </Menu.Item>
        {table.bars.length > 0 && (
          <Menu.Item leftSection={<IconPhoto size={14} />} onClick={() => void copyImage()}>
            Copy the chart as an image
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

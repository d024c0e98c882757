import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBraces, IconChevronDown, IconDownload, IconFileSpreadsheet, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { toErrorShape, useInvoke } from '../../bridge';
import { type SubmissionQuery } from './queryInput';

type ExportKind = { format: 'csv' | 'json'; bom: boolean; label: string };

const KINDS: Record<'csv' | 'excel' | 'json', ExportKind> = {
  csv: { format: 'csv', bom: false, label: 'CSV' },
  excel: { format: 'csv', bom: true, label: 'CSV for Excel' },
  json: { format: 'json', bom: false, label: 'JSON' },
};

const bytesFormat = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });

/**
 * Exports every row the current view matches (not only the rows on screen) from the cache, then
 * tells where the file is. Cells a spreadsheet would run as formulas are neutralised by the export.
 */
export function ExportMenu({ query, total }: { query: SubmissionQuery; total: number }) {
  const invoke = useInvoke();
  const [running, setRunning] = useState(false);

  const run = async (kind: ExportKind) => {
    setRunning(true);
    const id = notifications.show({
      loading: true,
      autoClose: false,
      withCloseButton: false,
      title: `Exporting ${total.toLocaleString()} submissions`,
      message: `Writing ${kind.label}…`,
    });
    try {
      const result = await invoke('submissions.export', { ...query, format: kind.format, bom: kind.bom });
      notifications.update({
        id,
        loading: false,
        autoClose: 8000,
        withCloseButton: true,
        color: 'teal',
        title: `Exported ${result.rows.toLocaleString()} submissions`,
        message: `${result.fileName} (${bytesFormat.format(result.bytes / 1024)}) is in ${result.filePath.replace(/[\\/][^\\/]*$/, '')}`,
      });
    } catch (error) {
      notifications.update({
        id,
        loading: false,
        autoClose: 8000,
        withCloseButton: true,
        color: 'red',
        title: 'The export failed',
        message: toErrorShape(error).message,
      });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} loading={running} disabled={total === 0}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{total.toLocaleString()} matching submissions</Menu.Label>
        <Menu.Item leftSection={<IconTable size={16} />} onClick={() => void run(KINDS.csv)}>
          CSV
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void run(KINDS.excel)}>
          CSV for Excel (UTF-8 with BOM)
        </Menu.Item>
        <Menu.Item leftSection={<IconBraces size={16} />} onClick={() => void run(KINDS.json)}>
          JSON
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

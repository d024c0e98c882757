import { Button, Menu } from '@mantine/core';
import {
  IconBraces,
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconTable,
} from '@tabler/icons-react';
import { useInvoke } from '../../bridge';
import { type SubmissionQuery } from './queryInput';
import { useExportRunner } from './useExportRunner';

type ExportKind = { format: 'csv' | 'json'; bom: boolean; label: string };

const KINDS: Record<'csv' | 'excel' | 'json', ExportKind> = {
  csv: { format: 'csv', bom: false, label: 'CSV' },
  excel: { format: 'csv', bom: true, label: 'CSV for Excel' },
  json: { format: 'json', bom: false, label: 'JSON' },
};

/**
 * Exports every row the current view matches (not only the rows on screen) from the cache, then
 * delivers the file. Cells a spreadsheet would run as formulas are neutralised by the export.
 */
export function ExportMenu({
  query,
  total,
}: {
  query: SubmissionQuery;
  /** Null while the view's matches are being counted: the export waits for the count. */
  total: number | null;
}) {
  const invoke = useInvoke();
  const exporter = useExportRunner();
  const run = (kind: ExportKind) => {
    if (total === null) return;
    void exporter.run({
      title: `Exporting ${total.toLocaleString()} submissions as ${kind.label}`,
      formId: query.formId,
      start: async () => {
        const result = await invoke('submissions.export', {
          ...query,
          format: kind.format,
          bom: kind.bom,
        });
        return { ...result, count: result.rows };
      },
    });
  };

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={exporter.running}
          disabled={!total}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {total === null ? 'Counting matches…' : `${total.toLocaleString()} matching submissions`}
        </Menu.Label>
        <Menu.Item leftSection={<IconTable size={16} />} onClick={() => run(KINDS.csv)}>
          CSV
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => run(KINDS.excel)}>
          CSV for Excel (UTF-8 with BOM)
        </Menu.Item>
        <Menu.Item leftSection={<IconBraces size={16} />} onClick={() => run(KINDS.json)}>
          JSON
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

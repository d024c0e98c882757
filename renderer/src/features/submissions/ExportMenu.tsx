import { Button, Menu } from '@mantine/core';
import {
  IconBraces,
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconTable,
  IconTableExport,
} from '@tabler/icons-react';
import { type ExportFormat } from '../../../../electron/shared/contract/submissions';
import { useInvoke } from '../../bridge';
import { sheetOf, useExportPreferences } from '../exports/exportPreferences';
import { type SubmissionQuery } from './queryInput';
import { useExportRunner } from './useExportRunner';

type ExportKind = { format: ExportFormat; bom: boolean; label: string };

const KINDS: Record<'xlsx' | 'csv' | 'excel' | 'json', ExportKind> = {
  xlsx: { format: 'xlsx', bom: false, label: 'Excel workbook' },
  csv: { format: 'csv', bom: false, label: 'CSV' },
  excel: { format: 'csv', bom: true, label: 'CSV for Excel' },
  json: { format: 'json', bom: false, label: 'JSON' },
};

/**
 * Exports every row the current view matches (not only the rows on screen) from the cache, then
 * delivers the file. Spreadsheets get the table's shown columns in its order, times on the
 * person's clock; cells a spreadsheet would run as formulas are neutralised in CSV.
 */
export function ExportMenu({
  query,
  total,
  columns,
}: {
  query: SubmissionQuery;
  /** Null while the view's matches are being counted: the export waits for the count. */
  total: number | null;
  /** The table's shown columns, in its order, when the export starts. */
  columns: () => string[];
}) {
  const invoke = useInvoke();
  const exporter = useExportRunner();
  const [preferences] = useExportPreferences();
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
          sheet: sheetOf(preferences, columns()),
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
        <Menu.Item leftSection={<IconTableExport size={16} />} onClick={() => run(KINDS.xlsx)}>
          Excel workbook (.xlsx)
        </Menu.Item>
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

import { SheetPlan } from '../../shared/answers/sheetTable';
import { SheetSettings } from '../../shared/contract/sheetSettings';
import { AppError } from '../../shared/errors';
import { type CacheStores } from '../cache/cacheStores';
import { zipChunks, type ZipEntry } from '../sheets/zipStream';
import { csvChunks } from '../submissions/exportSubmissions';
import { writeExport, type WrittenExport } from '../submissions/exportFile';
import { personRows } from './peopleSearch';

/**
 * Everything a person submitted, as one file they can be sent: a .zip (the project's own streamed
 * zip writer, as for .xlsx) with a CSV per form read like the table and every submission whole in
 * `submissions.json`. One CSV a form, since each form asks other questions; a .zip, not one
 * workbook, so the raw JSON travels in the same file.
 */
export async function exportPerson(
  stores: CacheStores,
  dataDir: string,
  query: string,
  day = new Date().toISOString().slice(0, 10),
): Promise<WrittenExport & { rows: number }> {
  const { groups } = personRows(stores.db, query, { max: Number.MAX_SAFE_INTEGER });
  const rows = groups.reduce((sum, g) => sum + g.rows.length, 0);
  if (rows === 0) throw new AppError('NOT_FOUND', 'Nothing in this workspace holds that text.');
  const sheet = SheetSettings.parse({});
  const names = new Set<string>();
  const entries: ZipEntry[] = groups.map((group) => {
    const plan = new SheetPlan(stores.questions.list(group.formId), sheet, true);
    for (const row of group.rows) plan.observe(row);
    const columns = plan.columns();
    return {
      name: uniqueName(names, fileSafe(group.formName), '.csv'),
      content: csvChunks(
        columns,
        group.rows.map((row) => plan.cells(row, columns)),
        sheet,
      ),
    };
  });
  entries.push({
    name: 'submissions.json',
    content: [
      `${JSON.stringify(
        groups.flatMap((group) =>
          group.rows.map((row) => ({
            formId: group.formId,
            formName: group.formName,
            ...row.submission,
            status: row.status,
            preview: row.isPreview,
          })),
        ),
        null,
        2,
      )}\n`,
    ],
  });
  const file = await writeExport(dataDir, 'Subject access', 'zip', zipChunks(entries), { day });
  return { ...file, rows };
}

function fileSafe(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f<>:"/\\|?*]/g, ' ').trim();
  return cleaned.slice(0, 80) || 'form';
}

function uniqueName(taken: Set<string>, base: string, extension: string): string {
  let name = `${base}${extension}`;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})${extension}`;
  taken.add(name.toLowerCase());
  return name;
}

import { activityKindLabel } from '../../shared/activityKind';
import { exportDay, type SheetCell } from '../../shared/answers/sheetTable';
import { type ActivityFilter } from '../../shared/contract/activity';
import { type SheetSettings } from '../../shared/contract/sheetSettings';
import { type ExportFormat } from '../../shared/contract/submissions';
import { type ActivityEntry } from '../cache/activityLog';
import { type CacheStores } from '../cache/cacheStores';
import { xlsxChunks } from '../sheets/xlsxChunks';
import { csvChunks } from '../submissions/exportSubmissions';
import { writeExport, type WrittenExport } from '../submissions/exportFile';

const HEADERS = ['When', 'What', 'Form', 'Submission ID', 'Respondent', 'Summary'];

const text = (value: string | null): SheetCell | null =>
  value ? { kind: 'text', text: value } : null;

/**
 * The log entries the filter matches, newest first: JSON keeps each whole (snapshots included);
 * CSV and .xlsx are the list as the screen reads it, times on the person's clock.
 */
export async function exportActivity(
  stores: CacheStores,
  dataDir: string,
  input: { filter: ActivityFilter; format: ExportFormat; sheet: SheetSettings; bom: boolean },
  workspaceName: string,
  now = Date.now(),
): Promise<WrittenExport & { entries: number }> {
  let entries = 0;
  const all = function* (): Generator<ActivityEntry> {
    for (const entry of stores.activity.all(input.filter)) {
      entries += 1;
      yield entry;
    }
  };
  const formNames = new Map<string, string>();
  const formName = (formId: string | null) => {
    if (formId === null) return null;
    if (!formNames.has(formId)) formNames.set(formId, stores.forms.name(formId) ?? formId);
    return formNames.get(formId) ?? formId;
  };
  const rows = function* (): Generator<(SheetCell | null)[]> {
    for (const entry of all()) {
      const at = Date.parse(entry.at);
      yield [
        Number.isNaN(at) ? text(entry.at) : { kind: 'instant', ms: at },
        text(activityKindLabel(entry.kind)),
        text(formName(entry.formId)),
        text(entry.submissionId),
        text(entry.respondent),
        text(entry.summary),
      ];
    }
  };
  const columns = HEADERS.map((header) => ({ header }));
  let chunks: Iterable<string | Uint8Array>;
  if (input.format === 'json') {
    chunks = (function* () {
      yield '[';
      let first = true;
      for (const entry of all()) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(entry)}`;
        first = false;
      }
      yield '\n]\n';
    })();
  } else if (input.format === 'csv') {
    chunks = (function* () {
      if (input.bom) yield '\uFEFF';
      yield* csvChunks(columns, rows(), input.sheet);
    })();
  } else {
    chunks = xlsxChunks({
      name: 'Activity',
      columns: HEADERS.map((header, i) => ({ header, width: [19, 20, 24, 36, 30, 60][i] ?? 20 })),
      rows: rows(),
      settings: input.sheet,
    });
  }
  const written = await writeExport(dataDir, `${workspaceName} activity`, input.format, chunks, {
    day: exportDay(now, input.sheet),
  });
  return { ...written, entries };
}

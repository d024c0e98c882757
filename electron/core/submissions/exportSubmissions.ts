import { randomUUID } from 'node:crypto';
import { type z } from 'zod';
import { type Submission } from '../../shared/api/submission';
import { type submissionOps, type SubmissionListRow } from '../../shared/contract/submissions';
import { type CacheStores } from '../cache/cacheStores';
import { type CatalogEntry } from '../cache/questionCatalog';
import { calculationKey, urlParameterKey } from '../cache/submissionRow';
import { csvLine } from '../../shared/csv/writeCsv';
import { writeExport, type WrittenExport } from './exportFile';

export type ExportInput = z.output<(typeof submissionOps)['submissions.export']['input']>;

/** Report progress every this many rows. */
const PROGRESS_EVERY = 5_000;

/**
 * Every cached submission that matches the query, in its order, streamed to a file: JSON keeps
 * each submission whole; CSV has one column per known question, calculation and url parameter.
 */
export async function exportSubmissions(
  stores: CacheStores,
  dataDir: string,
  input: ExportInput,
  onProgress: (progress: { exportId: string; rows: number; total: number; done: boolean }) => void,
): Promise<WrittenExport & { rows: number }> {
  const { format, bom, ...filter } = input;
  const exportId = randomUUID();
  const total = stores.query.window(filter, 0, 1).total;
  const formName = stores.forms.name(filter.formId) ?? filter.formId;
  let rows = 0;
  const counted = function* (source: Iterable<SubmissionListRow>): Generator<SubmissionListRow> {
    for (const row of source) {
      yield row;
      if (++rows % PROGRESS_EVERY === 0) onProgress({ exportId, rows, total, done: false });
    }
  };
  const body = counted(stores.query.all(filter));
  const chunks =
    format === 'json' ? jsonChunks(body) : csvChunks(body, stores.questions.list(filter.formId));
  const written = await writeExport(dataDir, formName, format, withBom(chunks, bom), { exportId });
  onProgress({ exportId, rows, total, done: true });
  return { ...written, rows };
}

function* withBom(chunks: Iterable<string>, bom: boolean): Generator<string> {
  if (bom) yield '\uFEFF';
  yield* chunks;
}

function* jsonChunks(rows: Iterable<SubmissionListRow>): Generator<string> {
  yield '[';
  let first = true;
  for (const row of rows) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify({ ...row.submission, status: row.status, preview: row.isPreview })}`;
    first = false;
  }
  yield '\n]\n';
}

const SPREADSHEET_SAFE = { neutraliseFormulas: true };
const FIXED = [
  'Submission ID',
  'Submitted at',
  'Last updated at',
  'Status',
  'Preview',
  'Quiz score',
  'Login email',
];

function* csvChunks(
  rows: Iterable<SubmissionListRow>,
  fields: readonly CatalogEntry[],
): Generator<string> {
  yield csvLine([...FIXED, ...fields.map((f) => f.name || f.id)], SPREADSHEET_SAFE);
  for (const row of rows) {
    const s = row.submission;
    const values = valuesByKey(s);
    yield csvLine(
      [
        row.submissionId,
        row.submissionTime,
        row.lastUpdatedAt ?? '',
        row.status,
        row.isPreview ? 'yes' : 'no',
        s.quiz ? String(s.quiz.score) : '',
        s.login?.email ?? '',
        ...fields.map((f) => cellText(values.get(f.id))),
      ],
      SPREADSHEET_SAFE,
    );
  }
}

function valuesByKey(s: Submission): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const q of s.questions) values.set(q.id, q.value);
  for (const c of s.calculations ?? []) values.set(calculationKey(c.id), c.value);
  for (const p of s.urlParameters ?? []) values.set(urlParameterKey(p.id), p.value);
  return values;
}

/** Text and numbers as they are, lists of them joined, anything structured as JSON (nothing lost). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.join(', ');
  return JSON.stringify(value);
}

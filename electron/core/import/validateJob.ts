import { type ColumnMapping, type ImportValidation } from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { buildSubmission, checkMappings, type RowIssue } from './buildSubmission';
import { dateReadings } from './dateOrder';
import {
  issuesJson,
  type ImportJournal,
  type JobRecord,
  type SourceRow,
  type ValidatedRow,
} from './importJournal';
import { answersOf, contentKey } from './rowFingerprint';

/** A submission already on the server (from the cache), for the duplicate check. */
export interface KnownSubmission {
  submissionId: string;
  submissionTime: string;
  questions: ReadonlyArray<{ id: string; value?: unknown }>;
}

type Answered = {
  questions: ReadonlyArray<{ id: string; value?: unknown }>;
  submissionTime?: string;
};

/** How a job keys a row, and `spec`, what of the mapping the key depends on: same spec, same keys. */
export interface SourceKeyer {
  spec: string;
  keyOf(submission: Answered): string;
}

/** The submissions a form already has, as the duplicate check reads them: their ids by key. */
export interface KnownSubmissions {
  byKey(keyer: SourceKeyer): ReadonlyMap<string, string>;
}

/** `submissions` keyed anew at each check. */
export function knownSubmissions(submissions: Iterable<KnownSubmission>): KnownSubmissions {
  return {
    byKey: ({ keyOf }) => {
      const ids = new Map<string, string>();
      for (const s of submissions) ids.set(keyOf(s), s.submissionId);
      return ids;
    },
  };
}

/** Rows with problems returned to the wizard at once; counts always cover the whole file. */
const ROWS_SHOWN = 1000;

export function mappedQuestionIds(job: Pick<JobRecord, 'mappings'>): string[] {
  return job.mappings.flatMap((m) => (m.target.kind === 'question' ? [m.target.id] : []));
}

/** The row's answers, and its time when the file gives one: equal for a re-imported row. */
export function sourceKeyOf(job: Pick<JobRecord, 'mappings'>, submission: Answered): string {
  return sourceKeyer(job).keyOf(submission);
}

function sourceKeyer(job: Pick<JobRecord, 'mappings'>): SourceKeyer {
  const questionIds = mappedQuestionIds(job);
  const withTime = job.mappings.some((m) => m.target.kind === 'submissionTime');
  return {
    spec: JSON.stringify([questionIds, withTime]),
    keyOf: (s) =>
      contentKey(questionIds, answersOf(s.questions), withTime ? (s.submissionTime ?? null) : null),
  };
}

/**
 * Checks every cell of every row and stores the verdicts in the journal (only those that
 * changed, so fixing one cell of a large file writes one row). Errors make a row invalid (never
 * sent); duplicates within the file, of submissions already in the cache, and of rows an earlier
 * import created are warnings — the last are skipped when the import starts.
 */
export function validateJob(
  journal: ImportJournal,
  jobId: string,
  known: KnownSubmissions,
): ImportValidation {
  const job = journal.job(jobId);
  if (!job) throw new AppError('NOT_FOUND', 'This import no longer exists.');
  if (job.state !== 'draft') {
    throw new AppError('CONFLICT', 'This import has started; its rows can no longer change.');
  }
  checkMappings(job.mappings, job.columns.length);
  const rows = journal.sourceRows(jobId);
  const judged = judgeRows(job, rows, known, journal.createdSourceKeys(job.formId, jobId));
  const changed = judged.verdicts.filter((v, i) => {
    const stored = rows[i]!.stored;
    return (
      !stored ||
      stored.status !== v.status ||
      stored.sourceKey !== v.sourceKey ||
      stored.issuesJson !== issuesJson(v)
    );
  });
  journal.saveValidation(jobId, changed);
  return summarise(jobId, rows, judged, job.mappings);
}

/** The first validation: rows judged in memory and written once, with their verdicts. */
export function createValidatedJob(
  journal: ImportJournal,
  job: Pick<JobRecord, 'jobId' | 'formId' | 'fileName' | 'columns' | 'mappings'>,
  rows: ReadonlyArray<{ line: number; cells: string[] }>,
  known: KnownSubmissions,
): ImportValidation {
  checkMappings(job.mappings, job.columns.length);
  const source: SourceRow[] = rows.map((r, rowIndex) => ({ ...r, rowIndex, excluded: false }));
  const judged = judgeRows(job, source, known, journal.createdSourceKeys(job.formId, job.jobId));
  journal.createJob(job, rows, judged.verdicts);
  return summarise(job.jobId, source, judged, job.mappings);
}

interface Judged {
  verdicts: ValidatedRow[];
  alreadyImported: number;
}

/** `Line 4, column "Rating": …`: where the problem is, for a sentence read away from the table. */
function located(
  issue: RowIssue,
  line: number,
  columns: readonly string[],
): RowIssue & { reason?: string } {
  if (issue.column === null) return { ...issue, message: `Line ${line}: ${issue.message}` };
  const header = columns[issue.column]?.trim();
  const column = header ? `column "${header}"` : `column ${issue.column + 1}`;
  return { ...issue, message: `Line ${line}, ${column}: ${issue.message}`, reason: issue.message };
}

function judgeRows(
  job: Pick<JobRecord, 'mappings' | 'columns'>,
  rows: readonly SourceRow[],
  known: KnownSubmissions,
  importedBefore: ReadonlyMap<string, string>,
): Judged {
  const keyer = sourceKeyer(job);
  const { keyOf } = keyer;
  const inCache = known.byKey(keyer);
  const firstLine = new Map<string, number>();
  const verdicts: ValidatedRow[] = [];
  let alreadyImported = 0;
  for (const row of rows) {
    const built = buildSubmission(row.cells, job.mappings);
    const issues = [...built.issues];
    let sourceKey: string | null = null;
    if (built.submission) {
      sourceKey = keyOf(built.submission);
      const earlier = firstLine.get(sourceKey);
      if (earlier !== undefined) {
        issues.push(warning(`Same answers as line ${earlier}: a duplicate in the file.`));
      } else if (!row.excluded) {
        firstLine.set(sourceKey, row.line);
      }
      const imported = importedBefore.get(sourceKey);
      const cached = inCache.get(sourceKey);
      if (imported !== undefined) {
        issues.push(warning(`Imported before as submission ${imported}; it will be skipped.`));
        if (!row.excluded) alreadyImported++;
      } else if (cached !== undefined) {
        issues.push(warning(`The form already has a submission with these answers (${cached}).`));
      }
    }
    const status = row.excluded ? 'excluded' : built.submission ? 'ready' : 'invalid';
    verdicts.push({
      rowIndex: row.rowIndex,
      status,
      issues: issues.map((i) => located(i, row.line, job.columns)),
      sourceKey,
    });
  }
  return { verdicts, alreadyImported };
}

function warning(message: string) {
  return { column: null, severity: 'warning' as const, message };
}

/** Questions answered with one of their options (lists of several are typed, not picked). */
const ONE_CHOICE_TYPES = new Set(['MultipleChoice', 'Dropdown', 'ImagePicker']);
/** A scale longer than this is typed: a list of its points would be no quicker to use. */
const SCALE_POINTS_LISTED = 21;

/** Each column's allowed values, for questions whose answer is one of a short list. */
function allowedValues(mappings: readonly ColumnMapping[]): ImportValidation['allowed'] {
  return mappings.flatMap(({ column, target }) => {
    if (target.kind !== 'question' || !target.rules) return [];
    const { options, min, max, whole } = target.rules;
    if (options && options.length > 0 && ONE_CHOICE_TYPES.has(target.type ?? ''))
      return [{ column, values: options }];
    if (whole && min !== undefined && max !== undefined && max - min < SCALE_POINTS_LISTED) {
      const values = Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
      return [{ column, values }];
    }
    return [];
  });
}

function summarise(
  jobId: string,
  rows: readonly SourceRow[],
  judged: Judged,
  mappings: readonly ColumnMapping[],
): ImportValidation {
  const { verdicts, alreadyImported } = judged;
  const count = (test: (v: ValidatedRow) => boolean) => verdicts.filter(test).length;
  const shown = verdicts
    .filter((v) => v.issues.length > 0 || v.status === 'excluded')
    .slice(0, ROWS_SHOWN);
  const byIndex = new Map(rows.map((r) => [r.rowIndex, r]));
  return {
    jobId,
    rowsTotal: rows.length,
    validRows: count((v) => v.status === 'ready'),
    errorRows: count((v) => v.status === 'invalid'),
    warningRows: count((v) => v.status === 'ready' && v.issues.length > 0),
    excludedRows: count((v) => v.status === 'excluded'),
    alreadyImported,
    allowed: allowedValues(mappings),
    dates: dateReadings(mappings, rows),
    issues: shown.flatMap((v) =>
      v.issues.map((i) => ({ ...i, rowIndex: v.rowIndex, line: byIndex.get(v.rowIndex)!.line })),
    ),
    rows: shown.map((v) => {
      const row = byIndex.get(v.rowIndex)!;
      return { rowIndex: row.rowIndex, line: row.line, cells: row.cells, excluded: row.excluded };
    }),
  };
}

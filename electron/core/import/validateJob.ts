import { type ImportValidation } from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { buildSubmission, checkMappings } from './buildSubmission';
import { type ImportJournal, type JobRecord, type ValidatedRow } from './importJournal';
import { answersOf, contentKey } from './rowFingerprint';

/** A submission already on the server (from the cache), for the duplicate check. */
export interface KnownSubmission {
  submissionId: string;
  submissionTime: string;
  questions: ReadonlyArray<{ id: string; value?: unknown }>;
}

/** Rows with problems returned to the wizard at once; counts always cover the whole file. */
const ROWS_SHOWN = 1000;

export function mappedQuestionIds(job: Pick<JobRecord, 'mappings'>): string[] {
  return job.mappings.flatMap((m) => (m.target.kind === 'question' ? [m.target.id] : []));
}

/** The row's answers, and its time when the file gives one: equal for a re-imported row. */
export function sourceKeyOf(
  job: Pick<JobRecord, 'mappings'>,
  submission: {
    questions: ReadonlyArray<{ id: string; value?: unknown }>;
    submissionTime?: string;
  },
): string {
  const withTime = job.mappings.some((m) => m.target.kind === 'submissionTime');
  return contentKey(
    mappedQuestionIds(job),
    answersOf(submission.questions),
    withTime ? (submission.submissionTime ?? null) : null,
  );
}

/**
 * Checks every cell of every row and stores the verdict in the journal: errors make a row invalid
 * (never sent); duplicates within the file, of submissions already in the cache, and of rows an
 * earlier import created are warnings — the last are skipped when the import starts.
 */
export function validateJob(
  journal: ImportJournal,
  jobId: string,
  known: Iterable<KnownSubmission>,
): ImportValidation {
  const job = journal.job(jobId);
  if (!job) throw new AppError('NOT_FOUND', 'This import no longer exists.');
  if (job.state !== 'draft')
    throw new AppError('CONFLICT', 'This import has started; its rows can no longer change.');
  checkMappings(job.mappings, job.columns.length);
  const inCache = new Map<string, string>();
  for (const s of known) inCache.set(sourceKeyOf(job, s), s.submissionId);
  const importedBefore = journal.createdSourceKeys(job.formId, jobId);
  const firstLine = new Map<string, number>();

  const rows = journal.sourceRows(jobId);
  const verdicts: ValidatedRow[] = [];
  let alreadyImported = 0;
  for (const row of rows) {
    const built = buildSubmission(row.cells, job.mappings);
    const issues = [...built.issues];
    let sourceKey: string | null = null;
    if (built.submission) {
      sourceKey = sourceKeyOf(job, built.submission);
      const earlier = firstLine.get(sourceKey);
      if (earlier !== undefined) {
        issues.push({
          column: null,
          severity: 'warning',
          message: `Same answers as line ${earlier}: a duplicate in the file.`,
        });
      } else if (!row.excluded) {
        firstLine.set(sourceKey, row.line);
      }
      const imported = importedBefore.get(sourceKey);
      if (imported !== undefined) {
        issues.push({
          column: null,
          severity: 'warning',
          message: `Imported before as submission ${imported}; it will be skipped.`,
        });
        if (!row.excluded) alreadyImported++;
      } else {
        const cached = inCache.get(sourceKey);
        if (cached !== undefined) {
          issues.push({
            column: null,
            severity: 'warning',
            message: `The form already has a submission with these answers (${cached}).`,
          });
        }
      }
    }
    const status = row.excluded ? 'excluded' : built.submission ? 'ready' : 'invalid';
    verdicts.push({ rowIndex: row.rowIndex, status, issues, sourceKey });
  }
  journal.saveValidation(jobId, verdicts);

  const withIssues = verdicts.filter((v) => v.issues.length > 0 || v.status === 'excluded');
  const shown = withIssues.slice(0, ROWS_SHOWN);
  const byIndex = new Map(rows.map((r) => [r.rowIndex, r]));
  return {
    jobId,
    rowsTotal: rows.length,
    validRows: verdicts.filter((v) => v.status === 'ready').length,
    errorRows: verdicts.filter((v) => v.status === 'invalid').length,
    warningRows: verdicts.filter((v) => v.status === 'ready' && v.issues.length > 0).length,
    excludedRows: verdicts.filter((v) => v.status === 'excluded').length,
    alreadyImported,
    issues: shown.flatMap((v) =>
      v.issues.map((i) => ({ ...i, rowIndex: v.rowIndex, line: byIndex.get(v.rowIndex)!.line })),
    ),
    rows: shown.map((v) => {
      const row = byIndex.get(v.rowIndex)!;
      return { rowIndex: row.rowIndex, line: row.line, cells: row.cells, excluded: row.excluded };
    }),
  };
}

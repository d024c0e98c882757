import type Database from 'better-sqlite3';
import { type SubmissionFilter } from '../../shared/contract/submissions';
import { type QuestionSummary, type SubmissionSummary } from '../../shared/contract/summary';
import { AnswerColumns } from './answerColumns';
import { KIND_OF_TYPE, ONE_PER_PERSON } from './answerKinds';
import { columnView } from './columnAnswers';
import { FormStore } from './formStore';
import { Memo } from './memo';
import { QuestionCatalog } from './questionCatalog';
import { questionFigures, type RawOf } from './questionFigures';
import { keptCounts, viewRows } from './sqlAnswers';
import { StatementCache } from './statementCache';
import { type PackedRows, packedRows } from './packedRows';
import { optionsOf } from './summaryGroups';
import { type Question, singlesOf, type ViewAnswers } from './viewAnswers';

const SUMMARIES_KEPT = 8;

/**
 * What a view's answers say. A whole form (a status or both, no narrowing) reads the counts per
 * answer its writes keep; a narrowed view lists its rows and counts their answers in the form's
 * columns (`answerColumns.ts`), or, while the form is being rewritten, lists them into a temporary
 * table (by the same conditions as the table's query) and groups their answers in SQL. A
 * question's figures are then worked out from its few groups (a rating's 11 values, a checkbox
 * question's combinations), never from its rows.
 */
export class SubmissionSummaries {
  private readonly memo = new Memo<SubmissionSummary>(SUMMARIES_KEPT);
  /** Prepared once per connection: a summary runs some twenty statements, most of them per question. */
  private readonly reads: StatementCache;
  private readonly catalog: QuestionCatalog;
  private readonly forms: FormStore;
  private readonly columns: AnswerColumns;
  private readonly packed: PackedRows;
  /**
   * The form whose columns are read ahead, until they all are; `keptOnly` while it is read only to
   * be kept (`keepAhead`), no summary asked of it since: its columns are then let go of once kept,
   * as a form nobody looks at need not hold memory until one does, unless `held` while its pages
   * are stored (`rowsStored`), to append the next ones to.
   */
  private ahead: { formId: string; keptOnly: boolean; held: boolean } | null = null;
  /** The form a summary was last asked of: its columns are never let go of for being kept. */
  private asked: string | null = null;
  /** Forms whose copy rows removed outdated: kept again once their sync ends, not meanwhile. */
  private readonly outdated = new Set<string>();

  constructor(
    private readonly db: Database.Database,
    options: ConstructorParameters<typeof AnswerColumns>[1] = {},
  ) {
    this.reads = new StatementCache(db);
    this.catalog = new QuestionCatalog(db);
    this.forms = new FormStore(db);
    this.columns = new AnswerColumns(db, options);
    this.packed = packedRows(db);
  }

  summary(filter: SubmissionFilter): SubmissionSummary {
    this.ahead = { formId: filter.formId, keptOnly: false, held: true };
    this.asked = filter.formId;
    const { sortBy: _sortBy, sort: _sort, ...view } = filter;
    const key = JSON.stringify(view);
    // One snapshot for the version and every read, so the figures agree with each other.
    return this.db.transaction(() => {
      const version = this.version(filter.formId);
      const known = this.memo.get(key, version);
      if (known) return known;
      const summary = this.read(filter);
      this.memo.set(key, version, summary);
      return summary;
    })();
  }

  /**
   * One step of reading ahead the answer columns of the form last summarized, so that its first
   * narrowed view (a click on a bar) counts in columns already read rather than waiting for them
   * to be read. Whether a step is left. The caller runs steps while it has nothing else to do;
   * each reads the form's rows or one question, so a call waits at most one step.
   */
  readAhead(): boolean {
    if (this.ahead === null || !this.db.open) return false;
    const { formId, keptOnly, held } = this.ahead;
    const more = this.db.transaction(() => {
      const questions = this.questionsOf(formId);
      return this.columns.readAhead(
        formId,
        questions.map((q) => q.entry.id),
        singlesOf(questions),
      );
    })();
    if (!more) {
      this.ahead = null;
      if (keptOnly && !held) this.columns.letGo(formId);
    }
    return more;
  }

  /** Whether the form read ahead is read only to be kept: no summary waits for it. */
  get keepingOnly(): boolean {
    return this.ahead?.keptOnly === true;
  }

  /**
   * Rows of a form were stored: a copy of its columns kept beside the cache that no longer serves
   * it (rows changed or removed) is removed at once, so nothing of a deleted row stays there. A
   * large form's columns are kept meanwhile (`keepAhead`), as its pages are stored, the rows added
   * since appended to its copy a thousand or so at a time: the app opened during a long first sync
   * finds them kept. Whether they will be; the caller then runs `readAhead`.
   */
  rowsStored(formId: string): boolean {
    if (!this.db.open) return false;
    if (this.db.transaction(() => this.columns.dropStaleCopy(formId))()) this.outdated.add(formId);
    return !this.outdated.has(formId) && this.keep(formId, true);
  }

  /**
   * Reads a form's columns ahead, as after its summary, so they are kept beside the cache: for a
   * form whose sync ended, large enough to be kept, with no copy that serves it or rows added to
   * it since, while no other form is being read ahead. Whether it will be; the caller then runs
   * `readAhead` between calls.
   */
  keepAhead(formId: string): boolean {
    this.outdated.delete(formId);
    return this.db.open && this.keep(formId, false);
  }

  /**
   * Starts keeping the form's columns if it is `keepable` (`storing`: while its pages are stored,
   * when they stay held once kept). A form held to be kept as its pages were stored is let go of
   * once its sync ends.
   */
  private keep(formId: string, storing: boolean): boolean {
    if (this.ahead?.formId === formId) this.ahead.held &&= storing;
    const keeping =
      this.ahead === null && this.db.transaction(() => this.columns.keepable(formId, storing))();
    if (keeping) this.ahead = { formId, keptOnly: true, held: storing };
    else if (!storing && this.ahead?.formId !== formId && this.asked !== formId)
      this.columns.letGo(formId);
    return keeping;
  }

  private read(filter: SubmissionFilter): SubmissionSummary {
    const questions = this.questionsOf(filter.formId);
    const answers = this.wholeForm(filter)
      ? keptCounts(this.reads, this.columns, filter)
      : this.narrowed(filter, questions);

    const grouped = questions.filter((q) => q.kind !== 'text' && q.kind !== 'file');
    const groups = answers.groups(grouped.map((q) => q.entry.id));
    const summaries = questions.map((q): QuestionSummary => {
      const base = { key: q.entry.id, name: q.entry.name, type: q.entry.type };
      if (q.kind === 'file')
        return { ...base, kind: 'file', answered: answers.answered(q.entry.id) };
      if (q.kind === 'text') {
        const { answered, top } = ONE_PER_PERSON.has(q.entry.type)
          ? { answered: answers.answered(q.entry.id), top: [] }
          : answers.tally(q.entry.id);
        return {
          ...base,
          kind: 'text',
          answered,
          top,
          latest: answered > 0 ? answers.latest(q.entry.id) : [],
        };
      }
      return questionFigures(q, base, groups.get(q.entry.id) ?? [], this.rawOf);
    });

    return {
      total: answers.total,
      timeline: answers.timeline(),
      questions: summaries,
      quiz: answers.quiz(),
      payments: answers.payments(),
    };
  }

  /** A narrowed view's answers: from the form's columns, or grouped in SQL while it is rewritten. */
  private narrowed(filter: SubmissionFilter, questions: Question[]): ViewAnswers {
    const form = this.columns.current(
      filter.formId,
      questions.map((q) => q.entry.id),
      singlesOf(questions),
    );
    return form ? columnView(this.reads, filter, form) : viewRows(this.reads, filter);
  }

  /**
   * A view of every row of its statuses: no search, import or answer filter, and no date bound that
   * leaves a row out (a bound past the newest row changes nothing).
   */
  private wholeForm(filter: SubmissionFilter): boolean {
    if (filter.search !== undefined || filter.importJobId !== undefined) return false;
    if (filter.answers.length > 0) return false;
    if (filter.afterDate === undefined && filter.beforeDate === undefined) return true;
    const span = this.reads
      .statement<[string, string], { first: string | null; last: string | null }>(
        `SELECT (SELECT min(submission_time) FROM submissions WHERE form_id = ?) AS first,
              (SELECT max(submission_time) FROM submissions WHERE form_id = ?) AS last`,
      )
      .get(filter.formId, filter.formId)!;
    if (span.first === null || span.last === null) return true;
    const after = filter.afterDate === undefined ? null : new Date(filter.afterDate).toISOString();
    const before =
      filter.beforeDate === undefined ? null : new Date(filter.beforeDate).toISOString();
    return (after === null || after < span.first) && (before === null || before > span.last);
  }

  private questionsOf(formId: string): Question[] {
    const metadata = this.forms.metadata(formId);
    return this.catalog.list(formId).map((entry) => {
      const options = optionsOf(metadata, entry.id);
      const kind = KIND_OF_TYPE[entry.type] ?? (options ? 'choice' : 'text');
      return { entry, kind, options };
    });
  }

  private readonly rawOf: RawOf = (rowid) => {
    const row = this.reads
      .statement<[number], { raw: Buffer }>('SELECT raw FROM submissions WHERE id = ?')
      .get(rowid);
    return row && this.packed.text(row.raw);
  };

  private version(formId: string): string {
    const row = this.reads
      .statement<[string], { version: number }>(
        'SELECT version FROM form_changes WHERE form_id = ?',
      )
      .get(formId);
    return String(row?.version ?? 0);
  }
}

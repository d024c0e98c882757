import { type AnswerFilter, type SubmissionFilter } from '../../shared/contract/submissions';
import { FIELD_OF } from './answerField';
import { likeContaining } from './likeContaining';
import { suffixQuery } from './searchSuffixes';

export type Param = string | number;

export interface Where {
  sql: string;
  params: Param[];
}

/** The rowids a statement lists; with `except`, every row but those. */
export interface RowSet extends Where {
  except: boolean;
}

/** Trigram search needs three characters; shorter text is matched by a scan of the same table. */
export const MIN_TRIGRAM = 3;

/** The same view without its search, import and answer filters: what their sets narrow. */
export function broader({
  search: _search,
  importJobId: _importJobId,
  ...filter
}: SubmissionFilter): SubmissionFilter {
  return { ...filter, answers: [] };
}

/** The sets of rows the filter's search, import and answer filters narrow its view to. */
export function narrowingSets(filter: SubmissionFilter): RowSet[] {
  const sets = filter.answers.map((answer) => answerSet(filter.formId, answer));
  if (filter.importJobId !== undefined) sets.unshift(importSet(filter.importJobId));
  return filter.search ? [{ ...searchStatement(filter.search), except: false }, ...sets] : sets;
}

/** The rows an import created, as its journal links them to their submissions. */
export function importSet(jobId: string): RowSet {
  return {
    sql: `SELECT c.id FROM import_rows r
          JOIN submissions c ON c.form_id = r.form_id AND c.submission_id = r.submission_id
          WHERE r.job_id = ? AND r.status = 'created'`,
    params: [jobId],
    except: false,
  };
}

/**
 * The rowids of the rows whose search text contains `search`, like the service's own filter: a
 * word's characters alone through the index of word endings, other text through the trigram
 * index, text shorter than a trigram by a scan of the search text.
 */
export function searchStatement(search: string): Where {
  const suffixes = suffixQuery(search);
  if (suffixes !== null)
    return {
      sql: 'SELECT rowid FROM search_suffixes WHERE search_suffixes MATCH ?',
      params: [suffixes],
    };
  return [...search].length >= MIN_TRIGRAM
    ? trigramStatement(search)
    : {
        sql: `SELECT rowid FROM submission_search WHERE body LIKE ? ESCAPE '\\'`,
        params: [likeContaining(search)],
      };
}

/**
 * The rowids of the rows whose search text contains `search`, of three characters or more,
 * through the trigram index. The index keeps which rows hold a trigram, not where: the rows that
 * hold every trigram of a longer search are checked for the search itself.
 */
export function trigramStatement(search: string): Where {
  const match = 'SELECT rowid FROM submission_search WHERE submission_search MATCH ?';
  return [...search].length === MIN_TRIGRAM
    ? { sql: match, params: [trigramsOf(search)] }
    : { sql: `${match} AND contains_any_case(body, ?)`, params: [trigramsOf(search), search] };
}

/**
 * The FTS5 query of the rows whose text holds every trigram of `text` (three characters or
 * more), each trigram a term of its own: the index keeps no positions to answer a phrase.
 */
export function trigramsOf(text: string): string {
  const chars = [...text];
  const trigrams = new Set<string>();
  for (let at = 0; at + MIN_TRIGRAM <= chars.length; at++)
    trigrams.add(chars.slice(at, at + MIN_TRIGRAM).join(''));
  return [...trigrams].map((trigram) => `"${trigram.replaceAll('"', '""')}"`).join(' AND ');
}

/** Whether search, dates, an import or answer filters narrow the view below status and previews. */
export function narrows(filter: SubmissionFilter): boolean {
  return (
    filter.afterDate !== undefined ||
    filter.beforeDate !== undefined ||
    Boolean(filter.search) ||
    filter.importJobId !== undefined ||
    filter.answers.length > 0
  );
}

/** The same view with what `narrows` looks at left out. */
export function unnarrowed({ formId, status, includePreview }: SubmissionFilter): SubmissionFilter {
  return { formId, status, includePreview, answers: [], sortBy: 'submissionTime', sort: 'asc' };
}

/**
 * The conditions on `submissions s` of a view: form, status (when `byStatus`), previews, dates, and
 * the rows its search and answer filters let through.
 */
export function whereOf(filter: SubmissionFilter, byStatus: boolean): Where {
  const clauses = ['s.form_id = ?'];
  const params: Param[] = [filter.formId];
  if (byStatus && filter.status !== 'all') {
    clauses.push('s.status = ?');
    params.push(filter.status);
  }
  if (!filter.includePreview) clauses.push('s.is_preview = 0');
  if (filter.afterDate !== undefined) {
    clauses.push('s.submission_time > ?');
    params.push(new Date(filter.afterDate).toISOString());
  }
  if (filter.beforeDate !== undefined) {
    clauses.push('s.submission_time < ?');
    params.push(new Date(filter.beforeDate).toISOString());
  }
  // Each set is read once into a list that each row of the view's order is looked up in (the `+`
  // keeps SQLite from driving the query from the set instead, which would sort every match to
  // find the first few).
  for (const set of narrowingSets(filter)) {
    clauses.push(`+s.id ${set.except ? 'NOT IN' : 'IN'} (${set.sql})`);
    params.push(...set.params);
  }
  return { sql: clauses.join(' AND '), params };
}

/** Each filter's rows are read from an answers index; "is empty" is every row but those answered. */
export function answerSet(formId: string, filter: AnswerFilter): RowSet {
  const inAnswers = (condition: string, params: Param[], except = false): RowSet => ({
    sql: `SELECT submission_rowid FROM answers WHERE field = ${FIELD_OF} AND ${condition}`,
    params: [formId, filter.key, ...params],
    except,
  });
  switch (filter.op) {
    case 'contains':
      return inAnswers(`value_text LIKE ? ESCAPE '\\'`, [likeContaining(filter.text)]);
    case 'numberRange':
      return inAnswers('value_num BETWEEN ? AND ?', [
        filter.min ?? -Number.MAX_VALUE,
        filter.max ?? Number.MAX_VALUE,
      ]);
    case 'dateRange':
      return inAnswers('value_num BETWEEN ? AND ?', [
        filter.from === undefined ? -8.64e15 : Date.parse(filter.from),
        filter.to === undefined ? 8.64e15 : endOf(filter.to),
      ]);
    case 'choiceIs':
    case 'choiceIsNot':
      return chosenSet(formId, filter.key, [filter.value], filter.op === 'choiceIsNot');
    case 'choiceAnyOf':
      return chosenSet(formId, filter.key, filter.values, false);
    case 'isNotEmpty':
      return inAnswers('1', []);
    case 'isEmpty':
      return inAnswers('1', [], true);
  }
}

/**
 * The rows whose answer is one of `values`, or a list of choices holding one: answers through the
 * text index, then the lists whose text is none of them through the index of lists, so that
 * neither part reads the other's rows and no row comes twice (callers count a row once per set).
 */
function chosenSet(formId: string, key: string, values: string[], except: boolean): RowSet {
  const marks = values.map(() => '?').join(', ');
  return {
    sql: `SELECT submission_rowid FROM answers
          WHERE field = ${FIELD_OF} AND value_text IN (${marks})
          UNION ALL
          SELECT submission_rowid FROM answers INDEXED BY answers_listed
          WHERE field = ${FIELD_OF} AND value_json IS NOT NULL
            AND (value_text IS NULL OR value_text NOT IN (${marks}))
            AND EXISTS (SELECT 1 FROM json_each(value_json) WHERE value COLLATE NOCASE IN (${marks}))`,
    params: [formId, key, ...values, formId, key, ...values, ...values],
    except,
  };
}

/** A date without a time means the whole of that day (UTC). */
export function endOf(date: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(date) + 86_399_999 : Date.parse(date);
}

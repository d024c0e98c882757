import type Database from 'better-sqlite3';
import { type Submission } from '../../shared/api/submission';
import { FormStore } from '../cache/formStore';
import { QuestionCatalog } from '../cache/questionCatalog';
import { SubmissionStore } from '../cache/submissionStore';
import { toSubmissionRow } from '../cache/submissionRow';
import { questionDefinitions, type QuestionDefinition } from './questionRules';
import { type CatalogueQuestion } from './suggestMapping';
import { type KnownSubmission } from './validateJob';

/**
 * What the import needs of the workspace cache: the form's questions, the submissions it already
 * holds (duplicate check), and a place for the ones the import creates.
 */
export interface ImportCache {
  questions(formId: string): CatalogueQuestion[];
  /** The questions with what the form allows in each (options, ranges, required). */
  definitions(formId: string, questions?: readonly CatalogueQuestion[]): QuestionDefinition[];
  known(formId: string): Iterable<KnownSubmission>;
  storeCreated(formId: string, submissions: readonly Submission[]): void;
}

export function importCache(db: Database.Database): ImportCache {
  const store = new SubmissionStore(db);
  const catalogue = new QuestionCatalog(db);
  const forms = new FormStore(db);
  const raws = db.prepare<[string], { raw: string }>(
    `SELECT raw FROM submissions WHERE form_id = ? AND status = 'finished'`,
  );
  const questions = (formId: string) =>
    catalogue
      .list(formId)
      .filter((q) => q.kind === 'question')
      .map(({ id, name, type }) => ({ id, name, type }));
  return {
    questions,
    definitions: (formId, known = questions(formId)) =>
      questionDefinitions(known, forms.metadata(formId)),
    *known(formId) {
      for (const { raw } of raws.iterate(formId)) yield JSON.parse(raw) as Submission;
    },
    storeCreated(formId, submissions) {
      if (submissions.length === 0) return;
      const at = new Date().toISOString();
      store.upsert(
        formId,
        submissions.map((s) => toSubmissionRow(s, 'finished')),
        at,
      );
      catalogue.learnFrom(formId, submissions);
    },
  };
}

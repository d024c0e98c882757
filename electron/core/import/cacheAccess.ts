import type Database from 'better-sqlite3';
import { type Submission } from '../../shared/api/submission';
import { FormStore } from '../cache/formStore';
import { QuestionCatalog } from '../cache/questionCatalog';
import { SubmissionStore } from '../cache/submissionStore';
import { toSubmissionRow } from '../cache/submissionRow';
import { packedRows } from '../cache/packedRows';
import { questionDefinitions, type QuestionDefinition } from './questionRules';
import { type CatalogueQuestion } from './suggestMapping';
import { type KnownSubmissions, knownSubmissions } from './validateJob';

/**
 * What the import needs of the workspace cache: the form's questions, the submissions it already
 * holds (duplicate check), and a place for the ones the import creates.
 */
export interface ImportCache {
  questions(formId: string): CatalogueQuestion[];
  /** The questions with what the form allows in each (options, ranges, required). */
  definitions(formId: string, questions?: readonly CatalogueQuestion[]): QuestionDefinition[];
  known(formId: string): KnownSubmissions;
  storeCreated(formId: string, submissions: readonly Submission[]): void;
}

export function importCache(db: Database.Database): ImportCache {
  const store = new SubmissionStore(db);
  const catalogue = new QuestionCatalog(db);
  const forms = new FormStore(db);
  const packed = packedRows(db);
  const raws = db.prepare<[string], { raw: Buffer }>(
    `SELECT raw FROM submissions WHERE form_id = ? AND status = 'finished'`,
  );
  const version = db
    .prepare<[string], number>('SELECT version FROM form_changes WHERE form_id = ?')
    .pluck();
  // The form's keys last made, while the form is as it was then. Reading, parsing and keying a
  // large form's cached rows takes a while, and each step of the wizard after the first (an edit,
  // the dry run, the start) checks the file again with the same mapping.
  let keyed: {
    formId: string;
    spec: string;
    version: number;
    ids: ReadonlyMap<string, string>;
  } | null = null;
  const questions = (formId: string) =>
    catalogue
      .list(formId)
      .filter((q) => q.kind === 'question')
      .map(({ id, name, type }) => ({ id, name, type }));
  return {
    questions,
    definitions: (formId, known = questions(formId)) =>
      questionDefinitions(known, forms.metadata(formId)),
    known: (formId) => ({
      byKey(keyer) {
        // Read before the rows: a change committed between the two makes the keys look older
        // than they are, and they are made again next time, never the other way round.
        const now = version.get(formId) ?? 0;
        if (keyed?.formId === formId && keyed.spec === keyer.spec && keyed.version === now)
          return keyed.ids;
        const ids = knownSubmissions(
          (function* () {
            for (const { raw } of raws.iterate(formId))
              yield JSON.parse(packed.text(raw)) as Submission;
          })(),
        ).byKey(keyer);
        keyed = { formId, spec: keyer.spec, version: now, ids };
        return ids;
      },
    }),
    storeCreated(formId, submissions) {
      if (submissions.length === 0) return;
      const at = new Date().toISOString();
      // Learnt first: the rows are packed against the questions the catalogue knows.
      db.transaction(() => {
        catalogue.learnFrom(formId, submissions);
        store.upsert(
          formId,
          submissions.map((s) => toSubmissionRow(s, 'finished')),
          at,
        );
      })();
    },
  };
}

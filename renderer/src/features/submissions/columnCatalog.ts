import { type Submission } from '../../../../electron/shared/api/submission';
import { type QuestionInfo } from '../../../../electron/shared/contract/forms';

export interface NamedField {
  id: string;
  name: string;
}

/** Which columns a form's table can show: its questions and the other structures it uses. */
export interface ColumnCatalog {
  questions: QuestionInfo[];
  calculations: NamedField[];
  urlParameters: NamedField[];
  quiz: boolean;
  login: boolean;
  payments: boolean;
  scheduling: boolean;
}

/**
 * The form's catalogue (`questions.list`) names its questions, calculations and url parameters
 * (the latter two keyed `calculation:<id>` / `urlParameter:<id>`). Rows fill in what the
 * catalogue does not know yet (added after the last sync) and the optional structures (quiz,
 * login, payments, scheduling), which the service only sends on forms that use them.
 */
export function catalogOf(
  fields: readonly QuestionInfo[],
  rows: readonly Submission[],
): ColumnCatalog {
  const questions = fields.filter((f) => (f.kind ?? 'question') === 'question');
  const known = new Set(questions.map((q) => q.id));
  const extraQuestions = new Map<string, QuestionInfo>();
  const calculations = new Map<string, NamedField>();
  const urlParameters = new Map<string, NamedField>();
  for (const field of fields) {
    if (field.kind === 'calculation') {
      const id = field.id.replace(/^calculation:/, '');
      calculations.set(id, { id, name: field.name });
    } else if (field.kind === 'urlParameter') {
      const id = field.id.replace(/^urlParameter:/, '');
      urlParameters.set(id, { id, name: field.name });
    }
  }
  const catalog: ColumnCatalog = {
    questions: [],
    calculations: [],
    urlParameters: [],
    quiz: false,
    login: false,
    payments: false,
    scheduling: false,
  };
  for (const row of rows) {
    for (const q of row.questions) {
      if (!known.has(q.id) && !extraQuestions.has(q.id))
        extraQuestions.set(q.id, { id: q.id, name: q.name, type: q.type });
    }
    for (const c of row.calculations ?? [])
      if (!calculations.has(c.id)) calculations.set(c.id, { id: c.id, name: c.name });
    for (const p of row.urlParameters ?? [])
      if (!urlParameters.has(p.id)) urlParameters.set(p.id, { id: p.id, name: p.name });
    catalog.quiz ||= row.quiz !== undefined;
    catalog.login ||= row.login !== undefined;
    catalog.payments ||= (row.payments?.length ?? 0) > 0;
    catalog.scheduling ||= (row.scheduling?.length ?? 0) > 0;
  }
  catalog.questions = [...questions, ...extraQuestions.values()];
  catalog.calculations = [...calculations.values()];
  catalog.urlParameters = [...urlParameters.values()];
  return catalog;
}

/** A stable fingerprint, so columns are rebuilt only when the catalogue really changes. */
export function catalogKey(catalog: ColumnCatalog): string {
  return JSON.stringify([
    catalog.questions.map((q) => [q.id, q.name, q.type]),
    catalog.calculations.map((c) => [c.id, c.name]),
    catalog.urlParameters.map((p) => [p.id, p.name]),
    catalog.quiz,
    catalog.login,
    catalog.payments,
    catalog.scheduling,
  ]);
}

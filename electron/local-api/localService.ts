import { randomUUID } from 'node:crypto';
import { type FormMetadata, type FormSummary } from '../shared/api/form';
import { type ListSubmissionsResponse } from '../shared/api/endpoints';
import {
  type EditRequest,
  type LocalForm,
  type LocalMutation,
  type RespondRequest,
} from '../shared/api/localApi';
import { type CreateSubmission, type Submission } from '../shared/api/submission';
import { createdSubmission } from './createdSubmission';
import { applyDerived } from './derived';
import { type StoredRow, FormRecords } from './formRecords';
import { generateSubmission } from './generatedSubmission';
import { type ListQuery } from './listParams';
import { type MutationLog } from './mutationLog';
import { mix, Rng } from './random';
import { ServiceError } from './serviceError';
import { type WebhookRecord, WebhookRegistry } from './webhooks';

const EDIT_LINK_BASE = 'https://forms.formdesk.example/t';
/** Respondents simulated at run time draw from their own stream, apart from the seeded rows. */
const RESPONDENT_STREAM = 0x5e5;

export interface FormSource {
  form: LocalForm;
  formSeed: number;
  generatedCount: number;
  /** When its generated rows end (ms); `GENERATED_UNTIL` when absent. */
  generatedUntil?: number;
}

/**
 * The service's state and rules, without HTTP: forms, their submissions, webhooks, and the
 * changes made by API callers and by simulated respondents. Every change is journaled to the
 * store (when there is one) before it is applied, and replayed from it at start.
 */
export class LocalService {
  readonly webhooks = new WebhookRegistry();
  private readonly forms = new Map<string, FormRecords>();
  private readonly rng: Rng;

  constructor(
    sources: readonly FormSource[],
    seed: number,
    private readonly log?: MutationLog,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.rng = new Rng(mix(seed, RESPONDENT_STREAM));
    for (const { form, formSeed, generatedCount, generatedUntil } of sources) {
      const records = new FormRecords(form, formSeed, generatedCount, generatedUntil);
      for (const { status, preview, ...submission } of form.submissions ?? []) {
        records.add(storedRow(submission, status === 'in_progress', preview ?? false));
      }
      this.forms.set(form.id, records);
    }
  }

  /** Re-applies a store's changes at start, without journaling them again. */
  replay(changes: readonly LocalMutation[]): void {
    for (const change of changes) this.apply(change);
  }

  listForms(): FormSummary[] {
    return [...this.forms.values()].map(({ form }) => ({ name: form.name, formId: form.id }));
  }

  formIds(): string[] {
    return [...this.forms.keys()];
  }

  metadata(formId: string): FormMetadata {
    const { form } = this.records(formId);
    const named = (fields: readonly { id: string; name: string }[] | undefined) =>
      (fields ?? []).map(({ id, name }) => ({ id, name }));
    return {
      id: form.id,
      name: form.name,
      questions: form.questions.map(({ id, name, type, options, min, max, required }) => ({
        id,
        name,
        type,
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
        ...(required ? { required } : {}),
        ...(options
          ? { options: options.map((label, i) => ({ id: `${id}-o${i + 1}`, value: label, label })) }
          : {}),
      })),
      calculations: (form.calculations ?? []).map(({ id, name, type }) => ({ id, name, type })),
      urlParameters: named(form.urlParameters),
      scheduling: named(form.scheduling),
      payments: named(form.payments),
      ...(form.quiz ? { quiz: { enabled: form.quiz.enabled } } : {}),
    };
  }

  async list(formId: string, query: ListQuery): Promise<ListSubmissionsResponse> {
    const result = await this.records(formId).query({
      status: query.status,
      includePreview: query.includePreview,
      after: query.afterDate,
      before: query.beforeDate,
      search: query.search,
    });
    const page = result.page(query.offset, query.limit, query.sort);
    return {
      responses: query.includeEditLink ? page.map((s) => withEditLink(formId, s)) : page,
      totalResponses: result.total,
      pageCount: Math.ceil(result.total / query.limit),
    };
  }

  get(formId: string, submissionId: string, includeEditLink: boolean): Submission {
    const submission = this.records(formId).find(submissionId);
    if (!submission) throw submissionNotFound(submissionId);
    return includeEditLink ? withEditLink(formId, submission) : submission;
  }

  /** Unknown question ids are refused as a whole: nothing of the batch is stored. */
  create(formId: string, inputs: readonly CreateSubmission[]): Submission[] {
    const { form } = this.records(formId);
    const known = new Set(form.questions.map((q) => q.id));
    const issues = inputs.flatMap((input, i) =>
      input.questions.flatMap((q, j) =>
        known.has(q.id)
          ? []
          : [
              {
                code: 'custom',
                path: ['submissions', i, 'questions', j, 'id'],
                message: `Unknown question id "${q.id}"`,
              },
            ],
      ),
    );
    if (issues.length > 0) throw new ServiceError(400, JSON.stringify(issues));
    const now = this.now();
    return inputs.map((input) => {
      const submission = createdSubmission(form, input, randomUUID(), now);
      this.record({ op: 'add', formId, submission, status: 'finished', preview: false });
      return submission;
    });
  }

  remove(formId: string, submissionId: string): void {
    const records = this.records(formId);
    if (!records.find(submissionId)) throw submissionNotFound(submissionId);
    this.record({ op: 'delete', formId, submissionId });
  }

  createWebhook(formId: string, url: string): WebhookRecord {
    this.records(formId);
    const id = this.webhooks.nextId;
    this.record({ op: 'webhookCreate', id, formId, url });
    return { id, formId, url };
  }

  deleteWebhook(id: number): void {
    if (!this.webhooks.list().some((hook) => hook.id === id)) {
      throw new ServiceError(404, `Webhook ${id} not found`);
    }
    this.record({ op: 'webhookDelete', id });
  }

  /** A respondent fills in the form: generated answers, overridden by any given. */
  respond(formId: string, request: RespondRequest = {}): Submission {
    const records = this.records(formId);
    const { form } = records;
    const time = request.submissionTime ? Date.parse(request.submissionTime) : this.now().getTime();
    const inProgress = request.status === 'in_progress';
    const answers = request.answers ?? {};
    const unknown = Object.keys(answers).filter((id) => !form.questions.some((q) => q.id === id));
    if (unknown.length > 0)
      throw new ServiceError(400, `Unknown question ids: ${unknown.join(', ')}`);
    // Each respondent is a fresh draw from the seeded stream, rebuilt like a generated row.
    const generated = generateSubmission(form, this.rng.int(0, 0x7fffffff), 0, {
      id: randomUUID(),
      time,
      inProgress,
    });
    const submission = applyDerived(form, {
      ...generated,
      lastUpdatedAt: generated.submissionTime,
      questions: generated.questions.map((q) =>
        Object.hasOwn(answers, q.id) ? { ...q, value: answers[q.id] } : q,
      ),
    });
    this.record({
      op: 'add',
      formId,
      submission,
      status: inProgress ? 'in_progress' : 'finished',
      preview: request.preview ?? false,
    });
    return submission;
  }

  /** An edit made in the service's own editor: one answer changes, and lastUpdatedAt. */
  edit(formId: string, submissionId: string, request: EditRequest = {}): Submission {
    const records = this.records(formId);
    const current = records.find(submissionId);
    if (!current) throw submissionNotFound(submissionId);
    const question =
      current.questions.find((q) => q.id === request.questionId) ??
      current.questions.find((q) => q.type === 'LongAnswer' || q.type === 'ShortAnswer') ??
      current.questions[0];
    if (!question || (request.questionId && question.id !== request.questionId)) {
      throw new ServiceError(400, `Unknown question ids: ${request.questionId ?? ''}`);
    }
    const value =
      'value' in request ? request.value : `${String(question.value ?? '')} (edited)`.trim();
    const lastUpdatedAt = this.laterThan(current);
    this.record({
      op: 'edit',
      formId,
      submissionId,
      questionId: question.id,
      value,
      lastUpdatedAt,
    });
    return records.find(submissionId) as Submission;
  }

  /** An unfinished submission is completed by its respondent. */
  finish(formId: string, submissionId: string): Submission {
    const records = this.records(formId);
    const inProgress = records.isInProgress(submissionId);
    if (inProgress === undefined) throw submissionNotFound(submissionId);
    if (!inProgress) throw new ServiceError(409, `Submission ${submissionId} is already finished`);
    const lastUpdatedAt = this.laterThan(records.find(submissionId));
    this.record({ op: 'finish', formId, submissionId, lastUpdatedAt });
    return records.find(submissionId) as Submission;
  }

  /** Stops work still running for requests (long searches). */
  stop(): void {
    for (const records of this.forms.values()) records.stop();
  }

  /** Now, or strictly after the last change if that is later: sync must see every change. */
  private laterThan(submission: Submission | undefined): string {
    const previous = Date.parse(submission?.lastUpdatedAt ?? submission?.submissionTime ?? '');
    const now = this.now().getTime();
    return new Date(Number.isNaN(previous) ? now : Math.max(now, previous + 1)).toISOString();
  }

  formName(formId: string): string {
    return this.records(formId).form.name;
  }

  /** Every live submission of a form, any status, oldest first; previews unless left out. */
  submissionsOf(formId: string, options?: { includePreview?: boolean }): Submission[] {
    return this.records(formId).all(options);
  }

  private records(formId: string): FormRecords {
    const records = this.forms.get(formId);
    if (!records) throw new ServiceError(404, `Form ${formId} not found`);
    return records;
  }

  private record(change: LocalMutation): void {
    this.log?.append(change);
    this.apply(change);
  }

  private apply(change: LocalMutation): void {
    switch (change.op) {
      case 'init':
        return;
      case 'add':
        this.forms
          .get(change.formId)
          ?.add(storedRow(change.submission, change.status === 'in_progress', change.preview));
        return;
      case 'delete':
        this.forms.get(change.formId)?.remove(change.submissionId);
        return;
      case 'edit':
        this.forms
          .get(change.formId)
          ?.edit(change.submissionId, change.questionId, change.value, change.lastUpdatedAt);
        return;
      case 'finish':
        this.forms.get(change.formId)?.finish(change.submissionId, change.lastUpdatedAt);
        return;
      case 'webhookCreate':
        this.webhooks.add(change.formId, change.url, change.id);
        return;
      case 'webhookDelete':
        this.webhooks.remove(change.id);
        return;
    }
  }
}

function storedRow(submission: Submission, inProgress: boolean, preview: boolean): StoredRow {
  return { submission, time: Date.parse(submission.submissionTime), inProgress, preview };
}

function withEditLink(formId: string, submission: Submission): Submission {
  return {
    ...submission,
    editLink: `${EDIT_LINK_BASE}/${formId}?session=${submission.submissionId}`,
  };
}

function submissionNotFound(submissionId: string): ServiceError {
  return new ServiceError(404, `Submission ${submissionId} not found`);
}

import { type CreateSubmission, Submission } from '../../shared/api/submission';
import { type Handlers } from '../../shared/contract';
import { type Recreation } from '../../shared/contract/activity';
import { AppError } from '../../shared/errors';
import { cacheStores } from '../cache/cacheStores';
import { type ImportJournal } from '../import/importJournal';
import { answersOf, contentKey } from '../import/rowFingerprint';
import { importsFor } from '../import/workspaceImports';
import { type AppContext, type WorkspaceSession } from '../session/context';
import { recreationJobId, Recreations } from './recreations';

type RecreateHandlers = Pick<Handlers, 'activity.recreate'>;

/**
 * How long a person's click waits for the service before it answers with where the creation
 * stands: a lost answer is looked for, and that wait is the runner's, not the click's.
 */
const WAIT_MS = 20_000;

const answered = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0);

/**
 * The create request that brings a deleted submission back: its answers by question id, its url
 * parameters, scheduling and payments as the create endpoint takes them, and its submitted time
 * (kept where the service keeps the times sent). What the service derives (calculations, quiz,
 * login) is not sent.
 */
export function recreationPayload(copy: Submission): CreateSubmission {
  const urlParameters = (copy.urlParameters ?? []).flatMap((p) =>
    typeof p.value === 'string' && p.value !== ''
      ? [{ id: p.id, name: p.name, value: p.value }]
      : [],
  );
  return {
    questions: copy.questions
      .filter((q) => answered(q.value))
      .map((q) => ({ id: q.id, value: q.value })),
    submissionTime: copy.submissionTime,
    ...(urlParameters.length > 0 ? { urlParameters } : {}),
    ...(copy.scheduling?.length
      ? { scheduling: copy.scheduling.map((s) => ({ id: s.id, value: s.value })) }
      : {}),
    ...(copy.payments?.length
      ? {
          payments: copy.payments.map((p) => {
            const { discountCode: _returnedOnly, ...value } = p.value;
            return { id: p.id, value };
          }),
        }
      : {}),
  };
}

/**
 * Journals the copy as a one-row import, its body and marker fixed before anything is sent, so
 * the runner sends it once: a lost answer is looked for by the marker, never sent blindly again.
 */
function journalCopy(
  journal: ImportJournal,
  session: WorkspaceSession,
  jobId: string,
  formId: string,
  copy: Submission,
): void {
  const payload = recreationPayload(copy);
  const questionIds = payload.questions.map((q) => q.id);
  const names = new Map(copy.questions.map((q) => [q.id, q.name || q.id]));
  const cells = payload.questions.map((q) =>
    typeof q.value === 'string' ? q.value : JSON.stringify(q.value),
  );
  session.db
    .transaction(() => {
      journal.createJob(
        {
          jobId,
          formId,
          fileName: `Submission ${copy.submissionId} (created again)`,
          columns: questionIds.map((id) => names.get(id) ?? id),
          mappings: questionIds.map((id, column) => ({ column, target: { kind: 'question', id } })),
        },
        [{ line: 1, cells }],
      );
      journal.freeze(jobId, [
        {
          rowIndex: 0,
          status: 'pending',
          payload,
          sentKey: contentKey(questionIds, answersOf(payload.questions), copy.submissionTime),
          message: null,
        },
      ]);
    })
    .immediate();
}

/**
 * `activity.recreate`: a deleted submission's Activity copy sent again as a new submission,
 * through the import's runner. A copy already created again, or being, is never sent a second
 * time; the click answers where it stands.
 */
export function recreateHandlers(
  ctx: AppContext,
  { waitMs = WAIT_MS }: { waitMs?: number } = {},
): RecreateHandlers {
  /** Once the job has ended: Activity records the new submission, linked to the old one. */
  const settle = (session: WorkspaceSession, entryId: number, oldId: string, formId: string) => {
    if (session.signal.aborted) return;
    const recreations = new Recreations(session.db);
    const now = recreations.status(entryId);
    if (now?.state !== 'created' || now.submissionId === null) return;
    if (!recreations.recorded(now.submissionId)) {
      cacheStores(session.db).activity.record({
        at: new Date().toISOString(),
        workspaceId: session.workspace.id,
        kind: 'submission.recreated',
        formId,
        submissionId: now.submissionId,
        summary: `Created deleted submission ${oldId} again, as ${now.submissionId}.`,
        snapshot: undefined,
      });
    }
    ctx.emit({
      type: 'cache.changed',
      workspaceId: session.workspace.id,
      tables: ['submissions', 'activity'],
      formId,
    });
  };

  return {
    'activity.recreate': async ({ entryId }) => {
      const session = ctx.session();
      const entry = cacheStores(session.db).activity.entry(entryId);
      if (!entry) {
        throw new AppError(
          'NOT_FOUND',
          'This Activity entry no longer exists, so there is no copy to create again.',
        );
      }
      const copy =
        entry.kind === 'submission.deleted' && entry.formId !== null
          ? Submission.safeParse(entry.snapshot)
          : null;
      if (!copy?.success || entry.formId === null) {
        throw new AppError(
          'INVALID_INPUT',
          'This entry keeps no copy of a submission, so there is nothing to create again.',
        );
      }
      const formId = entry.formId;
      const { journal, runner } = importsFor(ctx).current();
      const recreations = new Recreations(session.db);
      const before = recreations.status(entryId);
      if (before?.state === 'created') {
        settle(session, entryId, copy.data.submissionId, formId);
        return {
          ...before,
          already: true,
          message: `This copy was already created again, as submission ${before.submissionId}; nothing more was sent.`,
        };
      }
      if (before?.state === 'toCheck') return { ...before, already: false };
      // One in flight goes on; otherwise a first try, or one after the service refused the last.
      const jobId =
        before === null || before.state === 'failed'
          ? recreationJobId(entryId, recreations.attempts(entryId).length + 1)
          : before.jobId;
      if (jobId !== before?.jobId) journalCopy(journal, session, jobId, formId, copy.data);
      const done = runner
        .run(jobId)
        .then(() => settle(session, entryId, copy.data.submissionId, formId))
        .catch((error: unknown) => ctx.log.error('creating a copy again stopped', error));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        done,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
      const after: Recreation = recreations.status(entryId) ?? {
        state: 'failed',
        submissionId: null,
        jobId,
        message: 'It was cancelled before it was sent.',
      };
      return { ...after, already: false };
    },
  };
}

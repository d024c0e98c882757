import { type Handlers } from '../../shared/contract';
import { daysBefore } from '../../shared/recentDays';
import { cacheStores } from '../cache/cacheStores';
import { type AppContext } from '../session/context';
import { rulesFor } from '../import/questionRules';
import { keepPreviews } from './keepPreviews';
import { pageWriterOn } from './pageStore';
import { syncServiceFor } from './syncService';

type FormHandlers = Pick<Handlers, 'forms.list' | 'questions.list' | 'forms.keepPreviews'>;

const CHART_DAYS = 30;
/**
 * The form list is asked of the server at most this often. The list is refetched on every page a
 * sync commits (its counts change), and each of those asking the server would take a request from
 * the sync's rate budget.
 */
const LISTING_FRESH_MS = 30_000;

/**
 * Forms and their questions, answered from the cache so they show offline; the form list is
 * refreshed from the server first whenever it answers.
 */
export function formHandlers(ctx: AppContext): FormHandlers {
  const sync = syncServiceFor(ctx);
  return {
    'forms.list': async () => {
      const session = ctx.session();
      const stores = cacheStores(session.db);
      const now = new Date();
      let source: 'server' | 'cache' = 'cache';
      const listedAt = stores.forms.lastListedAt();
      if (listedAt === null || Date.parse(listedAt) <= now.getTime() - LISTING_FRESH_MS) {
        try {
          const forms = await sync
            .connection()
            .track(() =>
              session.api.listForms({ priority: 'interactive', signal: session.signal }),
            );
          await (session.pages ?? pageWriterOn(stores)).forms({ forms, at: now.toISOString() });
          source = 'server';
        } catch (error) {
          // Offline (or refused): the cached list is the answer, and sync.status says why.
          if (stores.forms.list().length === 0) throw error;
        }
      }
      const statuses = new Map(sync.status().forms.map((f) => [f.formId, f]));
      return {
        source,
        forms: stores.forms.list().map((form) => {
          const status = statuses.get(form.formId);
          return {
            formId: form.formId,
            name: form.name,
            counts: form.counts,
            lastSyncedAt: status?.lastSyncedAt ?? null,
            syncState: status?.state ?? 'never',
            stale: status?.stale ?? true,
            perDay: stores.forms.perDay(form.formId, now, CHART_DAYS),
            recent: {
              days: CHART_DAYS,
              finished: stores.forms.finishedSince(form.formId, daysBefore(now, CHART_DAYS)),
            },
          };
        }),
      };
    },
    'questions.list': async ({ formId }) => {
      const session = ctx.session();
      const stores = cacheStores(session.db);
      if (
        stores.questions.list(formId).length === 0 &&
        stores.forms.has(formId) &&
        !stores.forms.metadataAsked(formId)
      ) {
        // Nothing learnt yet (the first sync is still running): ask the server for the form itself.
        const metadata = await sync
          .connection()
          .track(() =>
            session.api.getFormMetadata(formId, {
              priority: 'interactive',
              signal: session.signal,
            }),
          )
          .catch(() => null);
        if (metadata) {
          stores.forms.setMetadata(formId, metadata);
          stores.questions.adoptMetadata(formId, metadata);
        }
      }
      const offered = new Map(
        (stores.forms.metadata(formId)?.questions ?? []).map((q) => [
          q.id,
          rulesFor(q.type, q.name, q as Record<string, unknown>).options,
        ]),
      );
      return {
        questions: stores.questions.list(formId).map((q) => ({
          ...(offered.get(q.id) ? { options: offered.get(q.id) } : {}),
          id: q.id,
          name: q.name,
          type: q.type,
          kind: q.kind,
          firstSeenAt: q.firstSeenAt,
          lastSeenAt: q.lastSeenAt,
        })),
      };
    },
    'forms.keepPreviews': async ({ formId }) => {
      if (!keepPreviews(cacheStores(ctx.session().db), formId)) return { fetching: false };
      // A job already running reaches the form with its walk due, or runs again after it.
      sync.start({ formId, mode: 'incremental' });
      return { fetching: true };
    },
  };
}

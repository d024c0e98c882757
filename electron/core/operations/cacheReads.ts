import { type AppEvent, type HandlersOn } from '../../shared/contract';
import { type SubmissionFilter } from '../../shared/contract/submissions';
import { cacheStores } from '../cache/cacheStores';
import { windowJson } from '../cache/windowJson';
import { type WorkspaceSession } from '../session/context';
import { exportActivity } from '../exports/exportActivity';
import { exportPerson } from '../people/peopleExport';
import { searchPeople } from '../people/peopleSearch';
import { exportSubmissions } from '../submissions/exportSubmissions';
import { Recreations } from '../submissions/recreations';

/**
 * The operations answered from the cache alone: no request to the service, no write to the cache.
 * They are the ones a person waits on while browsing, and the slowest reads (a count over a
 * million rows, an export), so they run on reader threads of their own beside the thread that
 * syncs and writes (`OP_THREADS`).
 */
export type CacheReadHandlers = HandlersOn<'windows' | 'summaries' | 'exports'>;

/** What a cache read needs: the open workspace's database, the data dir for files, events out. */
export interface CacheReadContext {
  readonly dataDir: string;
  emit(event: AppEvent): void;
  session(): Pick<WorkspaceSession, 'workspace' | 'db'>;
  /** Told each view a window was read of: a windows reader keeps it up to date between calls. */
  asked?(view: SubmissionFilter): void;
}

export function cacheReadHandlers(ctx: CacheReadContext): CacheReadHandlers {
  return {
    'submissions.query': async ({ offset, limit, ...filter }) => {
      const answer = windowJson(cacheStores(ctx.session().db).query, filter, offset, limit);
      ctx.asked?.(filter);
      return answer;
    },
    'submissions.summary': async (filter) =>
      cacheStores(ctx.session().db).summaries.summary(filter),
    'submissions.export': async (input) => {
      const session = ctx.session();
      return exportSubmissions(cacheStores(session.db), ctx.dataDir, input, (progress) =>
        ctx.emit({
          type: 'export.progress',
          workspaceId: session.workspace.id,
          exportId: progress.exportId,
          formId: input.formId,
          rowsDone: progress.rows,
          rowsTotal: progress.total,
          done: progress.done,
        }),
      );
    },
    'activity.list': async ({ limit, beforeId, filter }) => {
      const { db } = ctx.session();
      const log = cacheStores(db).activity;
      const entries = log.list(filter, limit, beforeId);
      const recreations = new Recreations(db);
      return {
        entries: entries.map((entry) =>
          entry.kind === 'submission.deleted'
            ? { ...entry, recreation: recreations.status(entry.id) }
            : entry,
        ),
        nextBeforeId: entries.length === limit ? (entries.at(-1)?.id ?? null) : null,
        ...log.count(filter),
      };
    },
    'people.search': async ({ query, limit }) => searchPeople(ctx.session().db, query, limit),
    'people.export': async ({ query }) => {
      const { fileName, exportId, bytes, rows } = await exportPerson(
        cacheStores(ctx.session().db),
        ctx.dataDir,
        query,
      );
      return { exportId, fileName, bytes, rows };
    },
    'activity.export': async (input) => {
      const session = ctx.session();
      return exportActivity(cacheStores(session.db), ctx.dataDir, input, session.workspace.name);
    },
  };
}

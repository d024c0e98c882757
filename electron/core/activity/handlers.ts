import { type Handlers } from '../../shared/contract';
import { cacheStores } from '../cache/cacheStores';
import { type AppContext } from '../context';
import { writeExport } from '../submissions/exportFile';
import { type ActivityEntry } from '../cache/activityLog';

type ActivityHandlers = Pick<Handlers, 'activity.list' | 'activity.export'>;

export function activityHandlers(ctx: AppContext): ActivityHandlers {
  return {
    'activity.list': async ({ limit, beforeId }) => {
      const entries = cacheStores(ctx.session().db).activity.list(limit, beforeId);
      return { entries, nextBeforeId: entries.length === limit ? (entries.at(-1)?.id ?? null) : null };
    },
    'activity.export': async () => {
      const session = ctx.session();
      let entries = 0;
      const counted = function* (all: Iterable<ActivityEntry>): Generator<string> {
        yield '[';
        for (const entry of all) {
          yield `${entries++ === 0 ? '\n' : ',\n'}${JSON.stringify(entry)}`;
        }
        yield '\n]\n';
      };
      const written = await writeExport(
        ctx.dataDir,
        `${session.workspace.name}-activity`,
        'json',
        counted(cacheStores(session.db).activity.all()),
      );
      return { ...written, entries };
    },
  };
}

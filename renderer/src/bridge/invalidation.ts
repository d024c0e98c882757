import type { AppEvent } from '../../../electron/shared/contract';

/**
 * Which operation families read which cache tables: a `cache.changed` event names tables, and the
 * queries of these families refetch. A table missing here refetches everything, which is slower
 * but never stale.
 */
const FAMILIES_BY_TABLE: Record<string, readonly string[]> = {
  submissions: ['submissions.', 'forms.list', 'sync.', 'activity.', 'people.'],
  forms: ['forms.', 'questions.', 'sync.'],
  questions: ['questions.', 'submissions.'],
  sync_state: ['sync.', 'forms.list'],
  webhooks: ['webhooks.'],
  deliveries: ['webhooks.'],
  imports: ['imports.', 'activity.'],
  import_jobs: ['imports.', 'activity.'],
  activity: ['activity.'],
  workspaces: ['workspaces.'],
};

/**
 * Reads the server answers, not the cache: a cache change does not make them stale, and refetching
 * one on every page a sync commits would spend the sync's requests on it.
 */
const SERVER_READS: readonly string[] = ['submissions.get'];

/** A predicate over query keys (`[opName, input]`) for the tables that changed. */
export function queriesReadingTables(
  tables: readonly string[],
): (queryKey: readonly unknown[]) => boolean {
  const families = new Set<string>();
  for (const table of tables) {
    const known = FAMILIES_BY_TABLE[table];
    if (!known) return (queryKey) => !inFamilies(queryKey, SERVER_READS);
    for (const family of known) families.add(family);
  }
  return (queryKey) => inFamilies(queryKey, [...families]) && !inFamilies(queryKey, SERVER_READS);
}

/** Whether a query key (`[opName, input]`) belongs to one of the families or operations. */
export function inFamilies(queryKey: readonly unknown[], families: readonly string[]): boolean {
  const op = queryKey[0];
  return typeof op === 'string' && families.some((family) => op.startsWith(family));
}

/**
 * Events besides `cache.changed` that make some answers out of date: a sync that starts or ends
 * changes the sync status; a connection change changes what the status says about the server.
 */
export function familiesStaleAfter(event: AppEvent): readonly string[] {
  switch (event.type) {
    case 'sync.progress':
      return event.done ? ['sync.', 'forms.'] : [];
    case 'connection.changed':
      return ['sync.'];
    case 'import.progress':
      return ['imports.'];
    case 'delete.progress':
      return ['deleteJobs.'];
    default:
      return [];
  }
}

/** An operation's family prefix: `webhooks.create` → `webhooks.`. */
export function familyOf(op: string): string {
  const dot = op.indexOf('.');
  return dot === -1 ? op : op.slice(0, dot + 1);
}

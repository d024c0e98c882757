/**
 * Which operation families read which cache tables: a `cache.changed` event names tables, and the
 * queries of these families refetch. A table missing here refetches everything, which is slower
 * but never stale.
 */
const FAMILIES_BY_TABLE: Record<string, readonly string[]> = {
  submissions: ['submissions.', 'forms.list', 'sync.', 'activity.'],
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

/** A predicate over query keys (`[opName, input]`) for the tables that changed. */
export function queriesReadingTables(
  tables: readonly string[],
): (queryKey: readonly unknown[]) => boolean {
  const families = new Set<string>();
  for (const table of tables) {
    const known = FAMILIES_BY_TABLE[table];
    if (!known) return () => true;
    for (const family of known) families.add(family);
  }
  return (queryKey) => {
    const op = queryKey[0];
    return typeof op === 'string' && [...families].some((family) => op.startsWith(family));
  };
}

/** An operation's family prefix: `webhooks.create` → `webhooks.`. */
export function familyOf(op: string): string {
  const dot = op.indexOf('.');
  return dot === -1 ? op : op.slice(0, dot + 1);
}

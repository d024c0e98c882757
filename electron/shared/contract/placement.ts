import { type Handlers, type OpName } from './operations';

/**
 * The threads that answer operations. `core` holds the workspaces, the API clients and every write;
 * the others only read the cache (`windows`, `summaries`, `exports`) or read and check import files
 * (`wizard`), so a long read never holds up the thread that syncs, and a click never waits for
 * either. `shell` is the thread that routes them, which answers what it alone knows.
 */
export type OpThread = 'core' | 'windows' | 'summaries' | 'exports' | 'wizard' | 'shell';

/**
 * Where each operation runs: the shells route by it, and each thread's handlers are typed by it,
 * so an operation has exactly one handler, on the thread named here. A new operation fails to
 * compile until it is placed.
 */
export const OP_THREADS = {
  'workspaces.list': 'core',
  'workspaces.add': 'core',
  'workspaces.setKey': 'core',
  'workspaces.rename': 'core',
  'workspaces.remove': 'core',
  'workspaces.select': 'core',
  'workspaces.openDemo': 'core',
  'workspaces.simulation': 'core',
  'workspaces.setSimulation': 'core',
  'workspaces.assistantAccess': 'core',
  'workspaces.setAssistantAccess': 'core',
  'forms.list': 'core',
  'forms.keepPreviews': 'core',
  'questions.list': 'core',
  'sync.start': 'core',
  'sync.cancel': 'core',
  'sync.status': 'core',
  'submissions.get': 'core',
  'submissions.delete': 'core',
  'submissions.deleteMany': 'core',
  'deleteJobs.list': 'core',
  'deleteJobs.pause': 'core',
  'deleteJobs.resume': 'core',
  'deleteJobs.cancel': 'core',
  'people.erase': 'core',
  // Reads the files beside the cache (exports, damaged copies) as the erasure does.
  'people.erasePlaces': 'core',
  // Sends through the import's runner, which lives on the core.
  'activity.recreate': 'core',
  // Answered as the window's JSON with each submission's bytes as the cache holds them.
  'submissions.query': 'windows',
  'activity.list': 'windows',
  // Every form's full-text index at once, a few thousand rows at most.
  'people.search': 'windows',
  'submissions.summary': 'summaries',
  // Below the threads that answer clicks: an export reads a whole form.
  'submissions.export': 'exports',
  'activity.export': 'exports',
  'people.export': 'exports',
  'files.saveExport': 'core',
  'webhooks.list': 'core',
  'webhooks.create': 'core',
  'webhooks.delete': 'core',
  'webhooks.adopt': 'core',
  'webhooks.test': 'core',
  'webhooks.forget': 'core',
  'webhooks.deliveries': 'core',
  'webhooks.uncertain.forget': 'core',
  'webhooks.uncertain.adopt': 'core',
  'webhooks.receiver.start': 'core',
  'webhooks.receiver.stop': 'core',
  'webhooks.receiver.status': 'core',
  'imports.upload': 'wizard',
  'imports.parse': 'wizard',
  'imports.suggestMapping': 'wizard',
  'imports.previewMapping': 'wizard',
  'imports.validate': 'wizard',
  'imports.dryRun': 'wizard',
  // Freezes the job's rows on the wizard's thread, then the core's runner sends them.
  'imports.start': 'wizard',
  'imports.pause': 'core',
  'imports.resume': 'core',
  'imports.cancel': 'core',
  'imports.list': 'core',
  'imports.report': 'core',
  'imports.decideUnconfirmed': 'core',
  'imports.exportFailed': 'core',
  'imports.exportReport': 'core',
  // What the core is busy with before it answers anything.
  'app.startup': 'shell',
} as const satisfies Record<OpName, OpThread>;

/** The operations a thread answers. */
export type OpsOn<T extends OpThread> = {
  [N in OpName]: (typeof OP_THREADS)[N] extends T ? N : never;
}[OpName];

/** The handlers of one thread: exactly the operations placed on it. */
export type HandlersOn<T extends OpThread> = Pick<Handlers, OpsOn<T>>;

export function opsOn<T extends OpThread>(thread: T): OpsOn<T>[] {
  return (Object.keys(OP_THREADS) as OpName[]).filter(
    (name): name is OpsOn<T> => OP_THREADS[name] === thread,
  );
}

/** The thread that answers `name`; the core for a name outside the contract, which it refuses. */
export function threadOf(name: unknown): OpThread {
  return typeof name === 'string' && Object.hasOwn(OP_THREADS, name)
    ? OP_THREADS[name as OpName]
    : 'core';
}

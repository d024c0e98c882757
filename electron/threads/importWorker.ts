import { workerData } from 'node:worker_threads';
import { connectCache } from '../core/cache/openCache';
import { takingTurns, WriteTurns } from '../core/cache/writeTurns';
import { DraftSweeper } from '../core/import/draftSweeper';
import { importWizardHandlers } from '../core/import/wizardHandlers';
import { AppError } from '../shared/errors';
import { CacheConnection } from './cacheConnection';
import { CoreLink } from './coreLink';
import { type ImportStart, type OpenCache } from './protocol';
import { serveOperations } from './serveOperations';
import { WorkerPort } from './workerPort';

/**
 * The import wizard's thread: files uploaded, read, matched and checked here, with the tables read
 * so far kept in its memory and the drafts written to the journal on a connection of its own, and a
 * job frozen for its run before the core sends it. A large file takes seconds to read and check;
 * the core and the readers answer meanwhile.
 */
const start = workerData as ImportStart;
const port = new WorkerPort();
let cache: OpenCache | null = null;
// Drafts written while a sync's pages pile up ask the page writer for the lock, as the core does.
const turns = new WriteTurns(start.turns, 'importWizard');
const core = new CoreLink();
const connection = new CacheConnection((file) => takingTurns(connectCache(file), turns));

const handlers = importWizardHandlers({
  session: () => {
    if (!cache) throw new AppError('NOT_FOUND', 'Open a workspace first.');
    return { db: connection.to(cache) };
  },
  formQuestions: async (formId) => {
    const { questions } = await core.call('questions.list', { formId });
    return questions.map(({ id, name, type }) => ({ id, name, type }));
  },
  // A frozen job is 'running' with no runner yet: resuming it is what starts its runner.
  runImport: async (jobId) => {
    await core.call('imports.resume', { jobId });
  },
  launch: start.launch,
  sweeper: new DraftSweeper(port.logger()),
});

serveOperations(port, {
  handlers,
  onCache: (called) => (cache = called),
  linked: (line) => core.attach(line),
  connection,
});

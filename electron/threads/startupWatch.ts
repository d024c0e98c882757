import { type HandlersOn } from '../shared/contract';
import { type WorkerNote } from './workerThread';

/**
 * What the core's thread is busy with before it opens a workspace, as its notes tell the shell:
 * the shell answers it itself (`app.startup`), while every call to the core waits.
 */
export class StartupWatch {
  private updating: string | null = null;

  noted(note: WorkerNote): void {
    if (note.kind === 'updating') this.updating = note.workspaceName;
    else if (note.kind === 'cache') this.updating = null;
  }

  readonly handlers: HandlersOn<'shell'> = {
    'app.startup': async () => ({
      updating: this.updating === null ? null : { workspaceName: this.updating },
    }),
  };
}

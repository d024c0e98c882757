import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Logger } from '../logging/log';
import { type ImportJournal } from './importJournal';

/**
 * Rows of a draft deleted per transaction: few enough that each holds the write lock only a moment,
 * so a sync's page or an import's batch waits no longer than that behind a sweep.
 */
const ROWS_PER_STEP = 2_000;

/**
 * Removes drafts that no page can reach, in the background of the wizard's thread: a step of rows
 * at a time, the thread's calls answered between steps. A sweep cut short (the workspace closed,
 * the lock held elsewhere past its wait) leaves a draft with fewer rows, and the next launch
 * removes the rest.
 */
export class DraftSweeper {
  private readonly queue: { journal: ImportJournal; jobId: string }[] = [];
  private sweeping: Promise<void> | null = null;

  constructor(private readonly log: Pick<Logger, 'warn'>) {}

  remove(journal: ImportJournal, jobIds: readonly string[]): void {
    for (const jobId of jobIds) this.queue.push({ journal, jobId });
    if (this.queue.length > 0 && !this.sweeping)
      this.sweeping = this.sweep().finally(() => (this.sweeping = null));
  }

  /** Settles once every draft handed over so far is gone. */
  async settled(): Promise<void> {
    while (this.sweeping) await this.sweeping;
  }

  private async sweep(): Promise<void> {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      const { journal, jobId } = next;
      try {
        while (journal.deleteDraftRows(jobId, ROWS_PER_STEP) > 0) await nextTurn();
        journal.deleteDraft(jobId);
      } catch (error) {
        this.log.warn(`an import draft no page can reach was not removed (${jobId})`, error);
      }
      await nextTurn();
    }
  }
}

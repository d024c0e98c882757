import { progressPercent } from '../../components/plainNumbers';
import type { EventOf } from '../../bridge';

export type SyncProgress = EventOf<'sync.progress'>;

const count = new Intl.NumberFormat();

/** How far a sync is, as a percentage (when the total is known) and a short line of text. */
export function describeProgress(progress: SyncProgress): {
  percent: number | null;
  label: string;
} {
  if (progress.error) return { percent: null, label: `Sync stopped: ${progress.error}` };
  if (progress.done)
    return { percent: 100, label: `Synced ${count.format(progress.rowsDone)} rows` };
  const total = progress.totalExpected;
  const percent = total && total > 0 ? progressPercent(progress.rowsDone, total) : null;
  const rows = total
    ? `${count.format(progress.rowsDone)} of ${count.format(total)} rows`
    : `${count.format(progress.rowsDone)} rows`;
  const eta =
    progress.etaMs !== null && progress.etaMs > 0 ? ` · ${formatEta(progress.etaMs)} left` : '';
  return { percent, label: `${phaseLabel(progress.phase)}: ${rows}${eta}` };
}

function phaseLabel(phase: string): string {
  switch (phase) {
    case 'incremental':
      return 'Fetching new submissions';
    case 'reconcile':
      return 'Checking for edits and deletions';
    case 'window':
      return 'Reading again where submissions were deleted';
    case 'full':
      return 'Downloading all submissions';
    default:
      return 'Syncing';
  }
}

export function formatEta(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `about ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

import { type Unreachable } from '../../app/reach';

const LEADS: Record<Unreachable | 'noAnswer', string> = {
  noNetwork: 'This computer is offline',
  serviceDown: 'The service is not answering',
  // Reachable, yet it answered with an error or asked to slow down.
  noAnswer: 'The service could not answer just now',
};

/**
 * Why the drawer shows the cached copy of a submission, and when that copy was saved, in the
 * person's own clock: a time alone for today, the date with it before that.
 */
export function cachedCopyNotice(
  syncedAt: string | null,
  unreachable: Unreachable | null,
  now: Date = new Date(),
  locale?: string,
): string {
  const lead = LEADS[unreachable ?? 'noAnswer'];
  const saved = syncedAt ? new Date(syncedAt) : null;
  if (!saved || Number.isNaN(saved.getTime()))
    return `${lead}: showing the copy saved on this computer.`;
  const sameDay = saved.toDateString() === now.toDateString();
  const when = sameDay
    ? `at ${new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(saved)}`
    : `on ${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(saved)}`;
  return `${lead}: showing the copy saved on this computer ${when}.`;
}

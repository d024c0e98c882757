import { MAX_PAGE_SIZE, type SubmissionStatus } from '../../shared/api/endpoints';
import { type ApiClient } from '../api/types';
import { type TimeWindow } from '../cache/submissionWindows';
import { type PageWriter } from '../session/pageWriter';
import { checkCancelled } from './streamSync';

export interface WindowSearch {
  api: ApiClient;
  /** Where the cache's side of each window is read: the sync's writer, off the core's thread. */
  windows: Pick<PageWriter, 'countWindow' | 'firstInWindow' | 'splitWindow'>;
  signal: AbortSignal;
}

/**
 * The listing's bounds for a window. The service's `afterDate` and `beforeDate` both leave their
 * own instant out, and times are kept to the millisecond, so "from this time on" is "after the
 * millisecond before".
 */
export function windowParams(w: TimeWindow): { afterDate?: string; beforeDate?: string } {
  return {
    ...(w.from === undefined ? {} : { afterDate: new Date(Date.parse(w.from) - 1).toISOString() }),
    ...(w.to === undefined ? {} : { beforeDate: w.to }),
  };
}

/**
 * The windows of `top` where the server's listing (one status, no previews) and the cache differ,
 * each small enough to list again in about a page. A window is compared by one `limit=1` request:
 * its count, and its first row, which tells apart a delete and a create that leave the count as
 * it was when either touches the window's start. A window that differs is cut in two at the
 * cache's middle row and each half compared in turn, so a change anywhere among n pages is found
 * in about 2·log2(n) requests instead of a walk of n. Changes that leave both the count and the
 * first row of every window alike (an edit, a delete and a create in the middle of one window)
 * are left to the periodic walk.
 */
export async function findChangedWindows(
  formId: string,
  status: SubmissionStatus,
  top: TimeWindow,
  s: WindowSearch,
): Promise<TimeWindow[]> {
  // Each window's rows counted once, and the newer half of a window cut in two found by
  // subtraction: on a large form each count takes a while.
  const counts = new Map<string, number>();
  const key = (w: TimeWindow) => `${w.from ?? ''}|${w.to ?? ''}`;
  const count = async (window: TimeWindow) => {
    let n = counts.get(key(window));
    if (n === undefined)
      counts.set(key(window), (n = await s.windows.countWindow({ formId, status, window })));
    return n;
  };
  const differs = async (w: TimeWindow) => {
    checkCancelled(s.signal);
    const page = await s.api.listSubmissions(
      formId,
      { status, ...windowParams(w), sort: 'asc', limit: 1 },
      { priority: 'background', signal: s.signal },
    );
    return (
      page.totalResponses !== (await count(w)) ||
      (page.responses[0]?.submissionId ?? null) !==
        (await s.windows.firstInWindow({ formId, status, window: w }))
    );
  };
  if (!(await differs(top))) return [];
  const changed: TimeWindow[] = [];
  const pending = [top];
  for (let w = pending.pop(); w; w = pending.pop()) {
    const n = await count(w);
    const cut =
      n > MAX_PAGE_SIZE
        ? await s.windows.splitWindow({ formId, status, window: w, count: n })
        : null;
    if (cut === null) {
      changed.push(w);
      continue;
    }
    const halves = [
      { ...w, to: cut },
      { ...w, from: cut },
    ];
    counts.set(key(halves[1]!), n - (await count(halves[0]!)));
    const differing = await Promise.all(halves.map(differs));
    // Newest first off the stack: the windows come out oldest first.
    pending.push(...halves.filter((_, i) => differing[i]).reverse());
  }
  return changed;
}

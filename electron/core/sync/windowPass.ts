import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type TimeWindow } from '../cache/submissionWindows';
import { type SweptRow } from '../cache/submissionStore';
import { findChangedWindows, windowParams } from './findChangedWindows';
import { listingPages, reportPage, type PassResult, type StreamOptions } from './streamSync';

/**
 * Finds what an incremental pull cannot see, deletes (and rows that appeared with an old time)
 * anywhere in the form, at the cost of a few counts: the windows where the server and the cache
 * differ are listed again and the rows they no longer hold are swept. It compares what the cache
 * holds up to its newest row: respondents who arrive meanwhile are newer, left to the next pull.
 */
export async function windowPass(
  formId: string,
  status: SubmissionStatus,
  o: StreamOptions,
): Promise<PassResult> {
  const newest = o.stores.submissions.newestSubmissionTime(formId, status);
  const top: TimeWindow =
    newest === null ? {} : { to: new Date(Date.parse(newest) + 1).toISOString() };
  const changed = await findChangedWindows(formId, status, top, {
    api: o.api,
    windows: o.writer,
    signal: o.signal,
  });
  const result: PassResult = { changed: 0, vanished: [], reconcileDue: false };
  for (const w of changed) {
    const listed = await relistWindow(formId, status, w, o);
    result.changed += listed.changed;
    result.vanished.push(...listed.vanished);
  }
  return result;
}

/**
 * Lists one window again, storing its rows, and sweeps the cached rows of the window it did not
 * return. A window whose count moved while it was listed may have shifted a row past the offsets:
 * nothing is swept then, and the next sync's counts find the window again.
 */
async function relistWindow(
  formId: string,
  status: SubmissionStatus,
  w: TimeWindow,
  o: StreamOptions,
): Promise<{ changed: number; vanished: SweptRow[] }> {
  const { passId } = o.stores.syncState.get(formId, status);
  const seen = new Set<string>();
  let firstTotal: number | null = null;
  let changed = 0;
  let vanished: SweptRow[] = [];
  let heldStill = true;
  for await (const listed of listingPages(formId, { status, ...windowParams(w) }, 0, o)) {
    const { totals, done } = listed;
    firstTotal ??= totals[0]!;
    heldStill &&= totals.every((total) => total === firstTotal);
    for (const id of listed.ids) seen.add(id);
    const vouched = done && heldStill && seen.size >= listed.totalResponses;
    const stored = await o.writer.window({
      formId,
      status,
      pages: listed.pages,
      syncedAt: o.now().toISOString(),
      passId,
      window: w,
      listedIds: vouched ? [...seen] : null,
    });
    changed += stored.changed;
    vanished = stored.vanished;
    reportPage(o, status, 'window', listed, stored.changed + vanished.length);
  }
  return { changed, vanished };
}

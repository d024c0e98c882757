import { describe, expect, it } from 'vitest';
import { JsonInput } from './jsonInput';
import { type OpenCache, type WorkerNotice } from './protocol';
import { openedCache } from './testing/openedCache';
import { WindowsReaders, type PooledReader } from './windowsReaders';

/** A reader that notes what it is told and asked; its calls stay in flight until `answerAll`. */
class NotingReader implements PooledReader {
  readonly told: WorkerNotice[] = [];
  readonly asked: string[] = [];
  private readonly inFlight: (() => void)[] = [];

  get load(): number {
    return this.inFlight.length;
  }

  tell(notice: WorkerNotice): void {
    this.told.push(notice);
  }

  callForJson(op: string): Promise<Uint8Array> {
    this.asked.push(op);
    return new Promise((resolve) => this.inFlight.push(() => resolve(new Uint8Array())));
  }

  answerAll(): void {
    for (const answer of this.inFlight.splice(0)) answer();
  }

  openedTimes(): number {
    return this.told.filter((notice) => notice.kind === 'opened').length;
  }
}

const utf8 = new TextEncoder();

function workspaceFile(generation: number): OpenCache {
  return openedCache('/data/workspaces/w1/cache.sqlite', generation);
}

function pool(size: number) {
  const readers = Array.from({ length: size }, () => new NotingReader());
  return { readers, windows: new WindowsReaders(readers) };
}

/** A pool whose readers have all read the open workspace ahead. */
function warmedPool(size: number) {
  const { readers, windows } = pool(size);
  const cache = workspaceFile(1);
  windows.opened(cache);
  for (const reader of readers) windows.warmed(reader, 1);
  return { readers, windows, cache };
}

const read = (windows: WindowsReaders, cache: OpenCache | null) =>
  void windows.callForJson('submissions.query', {}, cache);

describe('windows readers', () => {
  it('read a workspace just opened ahead one at a time, each once the one before has', () => {
    const { readers, windows } = pool(3);
    const cache = workspaceFile(1);
    windows.opened(cache);
    expect(readers.map((r) => r.openedTimes())).toEqual([1, 0, 0]);

    windows.warmed(readers[0]!, 1);
    expect(readers.map((r) => r.openedTimes())).toEqual([1, 1, 0]);
    windows.warmed(readers[1]!, 1);
    expect(readers.map((r) => r.openedTimes())).toEqual([1, 1, 1]);
    windows.warmed(readers[2]!, 1);
    expect(readers.map((r) => r.openedTimes())).toEqual([1, 1, 1]);
    expect(readers[1]!.told).toEqual([{ kind: 'opened', cache }]);
  });

  it('send reads only to readers done reading ahead, to the first while none is, however busy', () => {
    const { readers, windows } = pool(2);
    const cache = workspaceFile(1);
    windows.opened(cache);
    for (let i = 0; i < 3; i++) read(windows, cache);
    expect(readers.map((r) => r.asked.length)).toEqual([3, 0]);

    // The second reads ahead now: a read sent to it would wait behind that.
    windows.warmed(readers[0]!, 1);
    read(windows, cache);
    expect(readers.map((r) => r.asked.length)).toEqual([4, 0]);

    windows.warmed(readers[1]!, 1);
    read(windows, cache);
    expect(readers.map((r) => r.asked.length)).toEqual([4, 1]);
    readers[1]!.answerAll();
    read(windows, cache);
    read(windows, cache);
    // Each to the one with the fewest calls in flight.
    expect(readers.map((r) => r.asked.length)).toEqual([4, 3]);
  });

  it('take no report of a workspace opened before the one now open as the end of a turn', () => {
    const { readers, windows } = pool(2);
    windows.opened(workspaceFile(1));
    windows.opened(workspaceFile(2));
    windows.warmed(readers[0]!, 1);
    expect(readers[1]!.openedTimes()).toBe(0);
    windows.warmed(readers[0]!, 2);
    expect(readers[1]!.told).toEqual([{ kind: 'opened', cache: workspaceFile(2) }]);
  });

  it('pass the turn on when the reader reading ahead stops, and no sooner for another', () => {
    const { readers, windows } = pool(3);
    windows.opened(workspaceFile(1));
    // The third, not yet reading ahead, stops: the first's turn goes on.
    windows.stopped(readers[2]!);
    expect(readers.map((r) => r.openedTimes())).toEqual([1, 0, 0]);
    windows.stopped(readers[0]!);
    expect(readers.map((r) => r.openedTimes())).toEqual([1, 1, 0]);
    // The third reads its workspace as its calls need; the turns end with the second.
    windows.warmed(readers[1]!, 1);
    expect(readers.map((r) => r.openedTimes())).toEqual([1, 1, 0]);
  });

  it('send a search back to the reader that answered it, however busy, and other reads to the least busy', () => {
    const { readers, windows, cache } = warmedPool(2);
    const search = (input: object) =>
      void windows.callForJson('submissions.query', { formId: 'f1', ...input }, cache);

    // Answered early by the first; asked again for its count while the first is the busier.
    search({ search: 'plan', limit: 100 });
    search({ search: 'plan', limit: 100 });
    expect(readers.map((r) => r.asked.length)).toEqual([2, 0]);
    // Its next windows too; a window of another view goes to the least busy.
    search({ search: 'plan', offset: 100, limit: 100 });
    search({ limit: 100 });
    expect(readers.map((r) => r.asked.length)).toEqual([3, 1]);
    // Another search is a view of its own; a search of another workspace starts afresh.
    search({ search: 'price', limit: 100 });
    expect(readers.map((r) => r.asked.length)).toEqual([3, 2]);
    readers[1]!.answerAll();
    windows.opened(workspaceFile(2));
    windows.warmed(readers[0]!, 2);
    windows.warmed(readers[1]!, 2);
    void windows.callForJson('submissions.query', { formId: 'f1', search: 'plan' }, cache);
    expect(readers.map((r) => r.asked.length)).toEqual([3, 3]);
  });

  it('read the view of a search the page sent as JSON, to send it back to its reader too', () => {
    const { readers, windows, cache } = warmedPool(2);
    const sent = (body: string) =>
      void windows.callForJson('submissions.query', new JsonInput(utf8.encode(body)), cache);

    sent('{"formId":"f1","search":"plan","limit":100}');
    sent('{"formId":"f1","search":"plan","offset":100,"limit":100}');
    expect(readers.map((r) => r.asked.length)).toEqual([2, 0]);
    // Text that is not JSON is no search: it goes to the least busy, whose thread refuses it.
    sent('{"formId":"f1","search":"plan"');
    expect(readers.map((r) => r.asked.length)).toEqual([2, 1]);
  });

  it('route a large view or one with no search the page sent without reading it on this thread', () => {
    const { readers, windows, cache } = warmedPool(2);
    /** Input that fails the call should anything on the shell's thread read it. */
    class UnreadHere extends JsonInput {
      override read(): never {
        throw new Error('read on the thread that answers clicks');
      }
    }
    const sent = (body: string) =>
      void windows.callForJson('submissions.query', new UnreadHere(utf8.encode(body)), cache);

    const values = Array.from({ length: 100 }, (_, i) => `choice ${i} `.repeat(40));
    const large = JSON.stringify({
      formId: 'f1',
      search: 'plan',
      answers: Array.from({ length: 20 }, () => ({ key: 'q1', op: 'oneOf', values })),
    });
    expect(large.length).toBeGreaterThan(512 * 1024);
    sent(large);
    sent(large);
    sent('{"formId":"f1","limit":100}');
    expect(readers.map((r) => r.asked.length)).toEqual([2, 1]);
  });

  it('tell every reader at once of the workspace closed, so each lets go of its file', () => {
    const { readers, windows } = pool(3);
    windows.opened(workspaceFile(1));
    // The first is still reading ahead: the others have not had their turn.
    windows.opened(null);
    for (const reader of readers)
      expect(reader.told.at(-1)).toEqual({ kind: 'opened', cache: null });
  });

  it('with no workspace open, send each read to the least busy, and tell each of rows stored', () => {
    const { readers, windows } = pool(2);
    windows.opened(workspaceFile(1));
    windows.opened(null);
    read(windows, null);
    read(windows, null);
    expect(readers.map((r) => r.asked.length)).toEqual([1, 1]);
    windows.changed('f1');
    for (const reader of readers)
      expect(reader.told.at(-1)).toEqual({ kind: 'changed', formId: 'f1' });
  });
});

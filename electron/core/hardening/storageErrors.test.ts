import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type Handlers } from '../../shared/contract';
import { dispatch } from '../operations/dispatch';

// Whatever operation meets a full disk, the person reads what happened and what to do, not
// "something went wrong": the router turns SQLite's disk failures into DB errors with a sentence.

/** A real SQLITE_FULL: an in-memory database capped at a few pages, then written past the cap. */
function diskFullError(): unknown {
  const db = new Database(':memory:');
  try {
    db.exec('CREATE TABLE t (x TEXT)');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(1_000_000));
    return null;
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
}

describe('an operation that meets a full disk', () => {
  it('answers DB with a sentence saying to free space, and reports the detail to the log', async () => {
    const error = diskFullError();
    expect(error).toMatchObject({ code: 'SQLITE_FULL' });
    const logged: unknown[] = [];
    const handlers = {
      'forms.list': () => {
        throw error;
      },
    } as unknown as Handlers;
    const answer = await dispatch(handlers, 'forms.list', {}, (_op, detail) => logged.push(detail));
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'DB', message: expect.stringMatching(/disk is full.*Free some space/) },
    });
    expect(logged).toEqual([error]);
  });

  it('still answers INTERNAL for an error that is not the disk', async () => {
    const handlers = {
      'forms.list': () => {
        throw new TypeError('a bug');
      },
    } as unknown as Handlers;
    expect(await dispatch(handlers, 'forms.list', {})).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
  });
});

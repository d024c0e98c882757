import { describe, expect, it } from 'vitest';
import { createEventHub } from './eventHub';

describe('createEventHub', () => {
  it('delivers an event only to handlers of its type, until they unsubscribe', () => {
    const hub = createEventHub();
    const progress: string[] = [];
    const connection: string[] = [];
    const off = hub.subscribe('sync.progress', (e) => progress.push(e.formId));
    hub.subscribe('connection.changed', (e) => connection.push(e.state));
    const sync = {
      type: 'sync.progress' as const,
      workspaceId: 'w',
      formId: 'f1',
      phase: 'pull',
      pagesDone: 1,
      rowsDone: 150,
      totalExpected: 300,
      etaMs: 400,
      done: false,
    };
    hub.emit(sync);
    hub.emit({ type: 'connection.changed', workspaceId: 'w', state: 'offline' });
    off();
    hub.emit({ ...sync, formId: 'f2' });
    expect(progress).toEqual(['f1']);
    expect(connection).toEqual(['offline']);
  });
});

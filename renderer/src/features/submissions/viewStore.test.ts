import { beforeEach, describe, expect, it } from 'vitest';
import { defaultView, type BrowseView } from './browseState';
import { viewStore } from './viewStore';

/** A Storage backed by a Map: the same contract as window.localStorage. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const customised = (): BrowseView => {
  const view = defaultView();
  view.filters.status = 'in_progress';
  view.filters.search = 'refund';
  view.filters.answers = [{ key: 'q1', op: 'numberRange', min: 3 }];
  view.layout.columnOrder = ['q2', 'submissionTime', 'q1'];
  view.layout.columnVisibility = { q3: false };
  view.layout.columnSizing = { q1: 240 };
  view.layout.sorting = [{ id: 'q1', desc: false }];
  return view;
};

describe('viewStore', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('gives the default view for a form never opened', () => {
    expect(viewStore(storage, 'ws', 'f1').loadDefault()).toEqual(defaultView());
  });

  it('remembers layout, sort and filters per form and workspace', () => {
    viewStore(storage, 'ws', 'f1').saveDefault(customised());
    expect(viewStore(storage, 'ws', 'f1').loadDefault()).toEqual(customised());
    expect(viewStore(storage, 'ws', 'f2').loadDefault()).toEqual(defaultView());
    expect(viewStore(storage, 'other', 'f1').loadDefault()).toEqual(defaultView());
  });

  it('keeps what still fits of a damaged entry', () => {
    storage.setItem(
      'formdesk.view.ws.f1.default',
      JSON.stringify({
        filters: {
          status: 'archived',
          search: 'x',
          answers: [
            { key: 'q2', op: 'isEmpty' },
            { key: 'q3', op: 'explode' },
          ],
        },
        layout: { columnSizing: { q1: 99 } },
      }),
    );
    const view = viewStore(storage, 'ws', 'f1').loadDefault();
    expect(view.filters).toEqual({
      ...defaultView().filters,
      search: 'x',
      answers: [{ key: 'q2', op: 'isEmpty' }],
    });
    expect(view.layout.columnSizing).toEqual({ q1: 99 });
  });

  it('survives unparseable storage', () => {
    storage.setItem('formdesk.view.ws.f1.default', '{not json');
    expect(viewStore(storage, 'ws', 'f1').loadDefault()).toEqual(defaultView());
  });

  it('saves, lists, loads and removes named views', () => {
    const store = viewStore(storage, 'ws', 'f1');
    store.saveNamed('Refunds', customised());
    store.saveNamed('All', defaultView());
    expect(store.listNamed()).toEqual(['All', 'Refunds']);
    expect(store.loadNamed('Refunds')).toEqual(customised());
    expect(store.loadNamed('constructor')).toBeNull();
    store.removeNamed('All');
    expect(store.listNamed()).toEqual(['Refunds']);
  });
});

import { BrowseView, defaultView } from './browseState';

/**
 * Saved views per (workspace, form): the default view, restored when the form is opened again,
 * and named views the user saves and picks from. The store is given its Storage so tests (and a
 * future synced store) can pass their own.
 */
export interface ViewStore {
  loadDefault(): BrowseView;
  saveDefault(view: BrowseView): void;
  listNamed(): string[];
  loadNamed(name: string): BrowseView | null;
  saveNamed(name: string, view: BrowseView): void;
  removeNamed(name: string): void;
}

const PREFIX = 'formdesk.view';

export function viewStore(storage: Storage, workspaceId: string, formId: string): ViewStore {
  const defaultKey = `${PREFIX}.${workspaceId}.${formId}.default`;
  const namedKey = `${PREFIX}.${workspaceId}.${formId}.named`;

  const read = (key: string): unknown => {
    try {
      const raw = storage.getItem(key);
      return raw === null ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      return undefined;
    }
  };
  const write = (key: string, value: unknown) => {
    try {
      storage.setItem(key, JSON.stringify(value));
    } catch {
      // A full or disabled storage only costs the remembered layout, never the screen.
    }
  };
  const named = (): Record<string, unknown> => {
    const value = read(namedKey);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  };

  return {
    loadDefault() {
      const parsed = BrowseView.safeParse(read(defaultKey));
      return parsed.success ? parsed.data : defaultView();
    },
    saveDefault(view) {
      write(defaultKey, view);
    },
    listNamed() {
      return Object.keys(named()).sort((a, b) => a.localeCompare(b));
    },
    loadNamed(name) {
      const views = named();
      if (!Object.hasOwn(views, name)) return null;
      const parsed = BrowseView.safeParse(views[name]);
      return parsed.success ? parsed.data : null;
    },
    saveNamed(name, view) {
      write(namedKey, { ...named(), [name]: view });
    },
    removeNamed(name) {
      const views = named();
      delete views[name];
      write(namedKey, views);
    },
  };
}

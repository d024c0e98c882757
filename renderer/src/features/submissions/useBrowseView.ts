import { useCallback, useEffect, useState } from 'react';
import { defaultView, type BrowseFilters, type BrowseView, type TableLayout } from './browseState';
import { type ViewStore } from './viewStore';

type Patch<T> = Partial<T> | ((current: T) => Partial<T>);

/**
 * The view of one form, restored from its saved default and saved back on every change, so
 * reopening the form (or the app) shows it as it was left. `importJobId` opens it on the rows of
 * that import alone, its layout kept and every other narrowing let go.
 */
export function useBrowseView(store: ViewStore, importJobId: string | null = null) {
  const [view, setView] = useState<BrowseView>(() => {
    const saved = store.loadDefault();
    if (!importJobId) return saved;
    const { filters } = defaultView();
    return { ...saved, filters: { ...filters, importJobId } };
  });

  useEffect(() => {
    store.saveDefault(view);
  }, [store, view]);

  const setFilters = useCallback((patch: Patch<BrowseFilters>) => {
    setView((v) => ({
      ...v,
      filters: { ...v.filters, ...(typeof patch === 'function' ? patch(v.filters) : patch) },
    }));
  }, []);
  const setLayout = useCallback((patch: Patch<TableLayout>) => {
    setView((v) => ({
      ...v,
      layout: { ...v.layout, ...(typeof patch === 'function' ? patch(v.layout) : patch) },
    }));
  }, []);
  const resetLayout = useCallback(
    () => setView((v) => ({ ...v, layout: defaultView().layout })),
    [],
  );
  const reset = useCallback(() => setView(defaultView()), []);

  return { view, setView, setFilters, setLayout, resetLayout, reset };
}

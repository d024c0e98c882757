import { useCallback, useSyncExternalStore } from 'react';
import { formatHash, parseHash, type AppLocation } from './location';

export const HOME_SECTION = 'forms';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const readHash = () => window.location.hash;

/**
 * The current section, selected form and section view, read from and written to the URL hash so
 * a reload keeps the place. `go('submissions', {formId})` opens a form's submissions; omitting
 * formId keeps it. `setView` changes the open section's view in place, without a history entry
 * per keystroke of a search.
 */
export function useAppLocation(): AppLocation & {
  go: (section: string, options?: { formId?: string | null }) => void;
  setView: (view: AppLocation['view']) => void;
} {
  const hash = useSyncExternalStore(subscribe, readHash);
  const location = parseHash(hash, HOME_SECTION);
  const go = useCallback((section: string, options: { formId?: string | null } = {}) => {
    const current = parseHash(window.location.hash, HOME_SECTION);
    const formId = options.formId === undefined ? current.formId : options.formId;
    window.location.hash = formatHash({ section, formId, view: {} });
  }, []);
  const setView = useCallback((view: AppLocation['view']) => {
    const current = parseHash(window.location.hash, HOME_SECTION);
    window.location.replace(formatHash({ ...current, view }));
  }, []);
  return { ...location, go, setView };
}

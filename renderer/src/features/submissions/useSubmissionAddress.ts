import { useCallback } from 'react';
import { formatHash, parseHash } from '../../app/location';
import { HOME_SECTION, useAppLocation } from '../../app/useAppLocation';

/** The address's name for the submission open in the drawer: `#/submissions?form=…&submission=…`. */
const KEY = 'submission';

/**
 * The open submission, read from and written to the address. Opening one adds a history entry,
 * so Back closes the drawer; the rest (closing, stepping) replace it.
 */
export function useSubmissionAddress(): {
  openedId: string | null;
  setOpenedId(id: string | null, options?: { replace?: boolean }): void;
} {
  const { view } = useAppLocation();
  const setOpenedId = useCallback((id: string | null, options: { replace?: boolean } = {}) => {
    const current = parseHash(window.location.hash, HOME_SECTION);
    const { [KEY]: previous, ...rest } = current.view;
    if ((previous ?? null) === id) return;
    const hash = formatHash({ ...current, view: id === null ? rest : { ...rest, [KEY]: id } });
    if (options.replace) window.location.replace(hash);
    else window.location.hash = hash;
  }, []);
  return { openedId: view[KEY] ?? null, setOpenedId };
}

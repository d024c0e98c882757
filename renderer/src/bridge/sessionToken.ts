const STORAGE_KEY = 'formdesk.token';

/**
 * The browser-mode host opens the page at `?token=…`. Keep the token for this tab only and take it
 * out of the address bar, so it is not bookmarked, shared or shown in screenshots.
 */
export function takeSessionToken(
  location: Pick<Location, 'href'>,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  history: Pick<History, 'replaceState' | 'state'>,
): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage.setItem(STORAGE_KEY, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return storage.getItem(STORAGE_KEY);
}

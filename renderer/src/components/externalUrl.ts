/** Only https links leave the app: anything else (javascript:, file:, http:) is shown as text. */
export function safeExternalUrl(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && !url.username && !url.password ? url.toString() : null;
  } catch {
    return null;
  }
}

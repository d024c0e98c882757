/** Raster formats a signature is drawn from: they hold pixels only, never text or links. */
const DRAWABLE = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * What a `data:` URL holds and whether it may be drawn; null for any other URL. The type is read
 * as the browser reads it (tabs and line breaks dropped, case ignored), so `data:image/svg+xml`
 * is never drawn however it is spelled; `src` is the URL as read.
 */
export function drawableImage(
  url: string,
): { type: string; drawable: boolean; src: string } | null {
  const src = url.replace(/[\t\n\r]/g, '').trim();
  const match = /^data:([^,;]*)[^,]*,/i.exec(src);
  if (!match) return null;
  const type = (match[1] ?? '').trim().toLowerCase();
  return { type: type.slice(0, 60), drawable: DRAWABLE.has(type), src };
}

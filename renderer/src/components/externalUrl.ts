/**
 * Only https links leave the app: anything else (javascript:, file:, http:) is shown as text.
 * With `domain`, the link must also be on that domain or one of its subdomains, so a lookalike
 * (`dashboard.stripe.com.evil.example`, `evilstripe.com`) stays text too.
 */
export function safeExternalUrl(href: string, domain?: string): string | null {
  try {
    const url = new URL(href);
    if (url.protocol !== 'https:' || url.username || url.password) return null;
    if (domain && url.hostname !== domain && !url.hostname.endsWith(`.${domain}`)) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * A `mailto:` link for a plain address only. A respondent types the address: one like
 * `a@b.example?cc=x@y.example&body=…` would open a mail already addressed and written by them,
 * so anything with a query, a second address or spaces stays text.
 */
export function mailtoUrl(email: string): string | null {
  return /^[^\s@?&#%,;:<>"'()[\]\\/]+@[^\s@?&#%,;:<>"'()[\]\\/]+$/.test(email)
    ? `mailto:${email}`
    : null;
}

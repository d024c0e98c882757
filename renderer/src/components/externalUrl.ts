import { hasHiddenCharacters } from './respondentText';

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

/** Where an https link goes, as the app shows it: never the respondent's text alone. */
export interface LinkTarget {
  /** The normalised address main is asked to open. */
  href: string;
  /** Its host in ASCII, as the URL parser gives it (`xn--…` for letters outside ASCII). */
  host: string;
  /** Everything after the host. */
  rest: string;
  /** The host has labels outside ASCII: letters that look like others may be among them. */
  international: boolean;
  /** The text as typed reads differently from where it goes (spaces, tabs, a backslash, letters). */
  typedDiffers: boolean;
}

/**
 * The target of a link a respondent (or a service field) wrote, or null when it may not be a
 * link at all (see `safeExternalUrl`). The parser has already dropped tabs and line breaks,
 * turned a backslash into `/` and the host into ASCII: what it gives is where the browser goes.
 */
export function linkTarget(text: string, domain?: string): LinkTarget | null {
  const href = safeExternalUrl(text, domain);
  if (href === null) return null;
  const url = new URL(href);
  const host = url.host;
  return {
    href,
    host,
    rest: href.slice(`${url.protocol}//${host}`.length),
    international: host.split('.').some((label) => label.startsWith('xn--')),
    typedDiffers: text.trim() !== href && text.trim() !== href.replace(/\/$/, ''),
  };
}

/**
 * A `mailto:` link for a plain address only. A respondent types the address: one like
 * `a@b.example?cc=x@y.example&body=…` would open a mail already addressed and written by them,
 * so anything with a query, a second address or spaces stays text.
 */
export function mailtoUrl(email: string): string | null {
  return !hasHiddenCharacters(email) &&
    /^[^\s@?&#%,;:<>"'()[\]\\/]+@[^\s@?&#%,;:<>"'()[\]\\/]+$/.test(email)
    ? `mailto:${email}`
    : null;
}

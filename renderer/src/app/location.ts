/**
 * Where the user is: a section, optionally the form it is about, and the section's own view (the
 * Activity screen's filters), so that a reload or Back returns to the same list. Kept in the URL
 * hash.
 */
export interface AppLocation {
  section: string;
  formId: string | null;
  /** Named by the section that reads it; another section starts without it. */
  view: Readonly<Record<string, string>>;
}

/** `#/submissions?form=abc` ↔ `{section: 'submissions', formId: 'abc'}`; anything else is home. */
export function parseHash(hash: string, home: string): AppLocation {
  const match = /^#\/([\w-]+)(?:\?(.*))?$/.exec(hash);
  if (!match?.[1]) return { section: home, formId: null, view: {} };
  const params = new URLSearchParams(match[2] ?? '');
  const formId = params.get('form') || null;
  params.delete('form');
  return { section: match[1], formId, view: Object.fromEntries(params) };
}

export function formatHash(location: AppLocation): string {
  const params = new URLSearchParams(location.formId ? { form: location.formId } : {});
  for (const [key, value] of Object.entries(location.view)) {
    if (key !== 'form' && value !== '') params.set(key, value);
  }
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return `#/${location.section}${query}`;
}

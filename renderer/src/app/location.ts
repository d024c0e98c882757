/** Where the user is: a section and, optionally, the form it is about. Kept in the URL hash. */
export interface AppLocation {
  section: string;
  formId: string | null;
}

/** `#/submissions?form=abc` ↔ `{section: 'submissions', formId: 'abc'}`; anything else is home. */
export function parseHash(hash: string, home: string): AppLocation {
  const match = /^#\/([\w-]+)(?:\?(.*))?$/.exec(hash);
  if (!match?.[1]) return { section: home, formId: null };
  const params = new URLSearchParams(match[2] ?? '');
  return { section: match[1], formId: params.get('form') || null };
}

export function formatHash(location: AppLocation): string {
  const query = location.formId
    ? `?${new URLSearchParams({ form: location.formId }).toString()}`
    : '';
  return `#/${location.section}${query}`;
}

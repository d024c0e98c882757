import type { FormRow } from '../../../../electron/shared/contract';

/** Case- and accent-insensitive match of every word of the query against a form's name or id. */
export function matchesSearch(form: FormRow, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${fold(form.name)} ${fold(form.formId)}`;
  return words.every((word) => haystack.includes(word));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

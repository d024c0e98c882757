import { createHash } from 'node:crypto';
import { SHARED_WORDS } from './packedSubmission';
import { type CatalogEntry, type FieldKind } from './questionCatalog';

/**
 * Deflate reads back no further than its window, less the lookahead it keeps: words past this
 * would push the service's own out of reach.
 */
const REACH = 32_000;

/**
 * The words a form's rows are deflated against (`packedSubmission.ts`): the service's own, then
 * the form's fields as a row writes them with every answer left empty, their ids, names and types
 * in the form's order. A row is mostly those, the same in every row of the form; known beforehand,
 * each run between two answers is a reference of a few bits. They come from the catalogue, never
 * from a row, so they hold no respondent's text. Null for a form whose catalogue knows no
 * question yet.
 */
export function formWords(
  questions: readonly CatalogEntry[],
): { id: number; words: Buffer } | null {
  if (questions.length === 0) return null;
  const fields: Record<FieldKind, object[]> = { question: [], calculation: [], urlParameter: [] };
  let length = SHARED_WORDS.length + '"questions":[],"calculations":[],"urlParameters":[]}'.length;
  for (const question of questions) {
    const field = emptyField(question);
    length += Buffer.byteLength(JSON.stringify(field)) + 1;
    if (length > REACH) break;
    fields[question.kind].push(field);
  }
  const { question, calculation, urlParameter } = fields;
  const skeleton = `"questions":${JSON.stringify(question)},"calculations":${JSON.stringify(calculation)},"urlParameters":${JSON.stringify(urlParameter)}}`;
  const words = Buffer.concat([SHARED_WORDS, Buffer.from(skeleton, 'utf8')]);
  return { id: createHash('sha256').update(words).digest().readUInt32LE(0), words };
}

/** A field as a row writes it, its answer empty, by the service's shape of its kind. */
function emptyField({ id: key, name, type, kind }: CatalogEntry): object {
  const id = kind === 'question' ? key : key.slice(kind.length + 1);
  if (kind === 'urlParameter') return { id, name, value: '' };
  const typed = kind === 'calculation' ? type.slice('Calculation:'.length) : type;
  return { id, name, type: typed, value: '' };
}

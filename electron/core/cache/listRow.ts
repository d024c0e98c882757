import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { type SubmissionListRow } from '../../shared/contract/submissions';

/**
 * A row as the cache holds it: the indexed fields, and the submission as the JSON stored, in the
 * UTF-8 bytes SQLite keeps it in. A window's answer splices them in as they are (`windowJson.ts`):
 * read as text, a window's rows were decoded into strings, joined and encoded again, most of its
 * reader's time; read as bytes, they are only copied into the answer.
 */
export interface StoredRow {
  id: number;
  submission_id: string;
  submission_time: string;
  last_updated_at: string | null;
  status: SubmissionStatus;
  is_preview: number;
  raw: Uint8Array;
}

/** A row as `all` streams it: the submission as text, which every row of an export is parsed from. */
export type StoredTextRow = Omit<StoredRow, 'raw'> & { raw: string };

/** A row of the results table but its submission: the fields the cache indexes. */
export function listRowHead(row: Omit<StoredRow, 'raw'>): Omit<SubmissionListRow, 'submission'> {
  return {
    submissionId: row.submission_id,
    submissionTime: row.submission_time,
    lastUpdatedAt: row.last_updated_at,
    status: row.status,
    isPreview: row.is_preview === 1,
  };
}

const utf8 = new TextDecoder();

/** A row of the results table, its submission parsed from what the cache holds. */
export function toListRow(row: StoredRow | StoredTextRow): SubmissionListRow {
  const text = typeof row.raw === 'string' ? row.raw : utf8.decode(row.raw);
  return { ...listRowHead(row), submission: JSON.parse(text) as Submission };
}

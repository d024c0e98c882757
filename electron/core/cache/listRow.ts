import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { type SubmissionListRow } from '../../shared/contract/submissions';
import { type PackedRows } from './packedRows';

/**
 * A row as the cache holds it: the indexed fields, and the submission as stored
 * (`packedSubmission.ts`). A window's answer splices its JSON in as bytes (`windowJson.ts`):
 * decoded into strings, a window's rows were joined and encoded again, most of its reader's time.
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

/** A row of the results table, its submission parsed from what the cache holds. */
export function toListRow(row: StoredRow, packed: PackedRows): SubmissionListRow {
  return { ...listRowHead(row), submission: JSON.parse(packed.text(row.raw)) as Submission };
}

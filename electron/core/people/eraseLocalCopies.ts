import fs from 'node:fs';
import path from 'node:path';
import { constants, inflateRawSync } from 'node:zlib';
import { cacheStores } from '../cache/cacheStores';
import { likeContaining } from '../cache/likeContaining';
import { type WorkspaceSession } from '../operations/context';
import { zipEntries } from '../import/zipEntries';
import { type DeleteJournal } from '../submissions/deleteJournal';

/** What an erasure removed besides the submissions themselves. */
export interface ErasedCopies {
  activityEntries: number;
  importRows: number;
  exportFiles: number;
}

/**
 * After an erasure's deletes: every local copy of the person goes. Activity's copies of the
 * submissions (and of earlier deletes that hold the search) give way to one entry that says how
 * many, on which forms and when; import journal rows holding them are emptied; export files
 * holding them are removed; the search index is merged so no term of theirs survives in an old
 * segment. Deleted content is overwritten (`secure_delete`), the file rewritten (`VACUUM`) and the
 * WAL folded in and emptied, so the file's bytes no longer hold it.
 */
export function eraseLocalCopies(
  session: Pick<WorkspaceSession, 'db' | 'workspace'>,
  dataDir: string,
  journal: DeleteJournal,
  jobId: string,
): ErasedCopies {
  const { db } = session;
  const stores = cacheStores(db);
  const terms = journal.eraseTerms(jobId) ?? [];
  const rows = journal.rows(jobId);
  const erased = rows.filter((r) => r.status === 'deleted' || r.status === 'gone');
  const ids = JSON.stringify(rows.map((r) => r.submissionId));
  const likes = terms.map(likeContaining);
  const byTerm = (columns: string[]) =>
    likes.length === 0
      ? 'FALSE'
      : likes.map(() => columns.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')).join(' OR ');
  const termParams = (columns: number) =>
    likes.flatMap((like) => Array<string>(columns).fill(like));
  const secure = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  try {
    // Already done by an earlier try that stopped before the file was rewritten.
    const counts: ErasedCopies =
      journal.eraseTerms(jobId) === null
        ? { activityEntries: 0, importRows: 0, exportFiles: 0 }
        : db
            .transaction((): ErasedCopies => {
              const activityEntries = db
                .prepare(
                  `DELETE FROM activity_log
             WHERE submission_id IN (SELECT value FROM json_each(?))
                OR ${byTerm(['snapshot_json', 'respondent', 'summary'])}`,
                )
                .run(ids, ...termParams(3)).changes;
              const importRows = db
                .prepare(
                  `UPDATE import_rows
             SET cells_json = '[]', payload_json = NULL, source_key = NULL, sent_key = NULL,
                 issues_json = NULL, message = 'Erased at the respondent''s request.'
             WHERE submission_id IN (SELECT value FROM json_each(?))
                OR ${byTerm(['cells_json', 'payload_json'])}`,
                )
                .run(ids, ...termParams(2)).changes;
              // Counts of an answer no row gives any more would keep its text.
              db.prepare(
                `DELETE FROM answer_counts WHERE n <= 0 AND (${byTerm(['value_text'])})`,
              ).run(...termParams(1));
              const forms = [...new Set(erased.map((r) => r.formId))];
              const names = forms.map((id) => stores.forms.name(id) ?? id);
              stores.activity.record({
                at: new Date().toISOString(),
                workspaceId: session.workspace.id,
                kind: 'people.erased',
                formId: forms.length === 1 ? (forms[0] ?? null) : null,
                submissionId: null,
                summary:
                  `Erased ${erased.length} submission${erased.length === 1 ? '' : 's'} on ${names.join(', ') || 'no form'} at a respondent's request` +
                  (rows.length > erased.length
                    ? `; ${rows.length - erased.length} could not be deleted`
                    : '') +
                  '.',
                snapshot: undefined,
              });
              db.prepare(
                `INSERT INTO submission_search (submission_search) VALUES ('optimize')`,
              ).run();
              journal.forgetEraseTerms(jobId);
              return { activityEntries, importRows, exportFiles: 0 };
            })
            .immediate();
    // Rewritten whole: what plain deletes and syncs freed before is still in the file's free space.
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
    counts.exportFiles = removeExportsHolding(dataDir, [
      ...terms,
      ...rows.map((r) => r.submissionId),
    ]);
    return counts;
  } finally {
    db.pragma(`secure_delete = ${secure ? 'ON' : 'OFF'}`);
  }
}

/** Removes each export whose text holds any of `needles` (any case); one it cannot read, too. */
function removeExportsHolding(dataDir: string, needles: readonly string[]): number {
  const root = path.join(dataDir, 'exports');
  if (!fs.existsSync(root) || needles.length === 0) return 0;
  const lowered = needles.map((n) => n.toLowerCase());
  let removed = 0;
  for (const folder of fs.readdirSync(root, { withFileTypes: true })) {
    const at = path.join(root, folder.name);
    const files = folder.isDirectory()
      ? fs.readdirSync(at).map((name) => path.join(at, name))
      : [at];
    const holds = files.some((file) => {
      const text = readableText(fs.readFileSync(file));
      return text === null || lowered.some((n) => text.includes(n));
    });
    if (holds) {
      fs.rmSync(at, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/** A file's text in lower case, each zip entry inflated; null when an entry cannot be read. */
function readableText(bytes: Buffer): string | null {
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004')
    return bytes.toString('utf8').toLowerCase();
  const entries = zipEntries(bytes);
  if (!entries) return null;
  try {
    return entries
      .map((entry) =>
        entry.method === 0
          ? bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize).toString('utf8')
          : inflateRawSync(bytes.subarray(entry.dataStart), {
              finishFlush: constants.Z_SYNC_FLUSH,
            }).toString('utf8'),
      )
      .join('\n')
      .toLowerCase();
  } catch {
    return null;
  }
}

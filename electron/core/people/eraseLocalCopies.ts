import path from 'node:path';
import { cacheStores } from '../cache/cacheStores';
import { KEPT_COLUMNS } from '../cache/keptColumns';
import { type WorkspaceSession } from '../session/context';
import { type DeleteJournal } from '../submissions/deleteJournal';
import {
  activityHolding,
  damagedCopiesHolding,
  draftsHolding,
  exportsHolding,
  holdingTerms,
  importRowsHolding,
  removeDamagedCopy,
  type ErasureTargets,
} from './erasurePlaces';
import { removeHeld } from '../files/heldFiles';

/** What an erasure removed besides the submissions themselves. */
export interface ErasedCopies {
  activityEntries: number;
  importRows: number;
  importDrafts: number;
  exportFiles: number;
  damagedCopies: number;
}

/**
 * After an erasure's deletes: every local copy of the person goes. Activity's copies of the
 * submissions (and of earlier deletes that hold the search) give way to one entry that says how
 * many, on which forms and when; import drafts holding them are dropped and other import journal
 * rows holding them emptied; export files and damaged copies of the cache kept aside that hold them
 * are removed; the search index is merged so no term of theirs survives in an old segment. Deleted
 * content is overwritten (`secure_delete`), the file rewritten (`VACUUM`) and the WAL folded in and
 * emptied, so the file's bytes no longer hold it.
 *
 * The files go first: the terms that find them are forgotten with the rows, and a try cut short
 * after that would find nothing to remove.
 */
export function eraseLocalCopies(
  session: Pick<WorkspaceSession, 'db' | 'workspace'>,
  dataDir: string,
  journal: DeleteJournal,
  jobId: string,
): ErasedCopies {
  const { db } = session;
  const stores = cacheStores(db);
  const terms = journal.eraseTerms(jobId);
  const rows = journal.rows(jobId);
  const erased = rows.filter((r) => r.status === 'deleted' || r.status === 'gone');
  const targets: ErasureTargets = {
    terms: terms ?? [],
    submissionIds: rows.map((r) => r.submissionId),
  };
  const needles = terms === null ? [] : [...targets.terms, ...targets.submissionIds];
  const exports = exportsHolding(dataDir, needles);
  for (const { at } of exports) removeHeld(at);
  const damaged = damagedCopiesHolding(db.name, needles);
  for (const copy of damaged) removeDamagedCopy(copy);
  // The answer columns kept beside the cache hold no answer, but do hold the erased rows' places.
  removeHeld(db.name + KEPT_COLUMNS);
  const secure = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  try {
    const counts: ErasedCopies = {
      activityEntries: 0,
      importRows: 0,
      importDrafts: 0,
      exportFiles: exports.length,
      damagedCopies: damaged.length,
    };
    // Already done by an earlier try that stopped before the file was rewritten.
    if (terms !== null)
      db.transaction(() => {
        const activity = activityHolding(targets);
        counts.activityEntries = db
          .prepare(`DELETE FROM activity_log WHERE ${activity.sql}`)
          .run(...activity.params).changes;
        const drafts = draftsHolding(db, targets);
        for (const draft of drafts)
          db.prepare(`DELETE FROM import_jobs WHERE job_id = ? AND state = 'draft'`).run(
            draft.jobId,
          );
        counts.importDrafts = drafts.length;
        const holding = importRowsHolding(targets);
        counts.importRows = db
          .prepare(
            `UPDATE import_rows
             SET cells_json = '[]', payload_json = NULL, source_key = NULL, sent_key = NULL,
                 issues_json = NULL, message = 'Erased at the respondent''s request.'
             WHERE ${holding.sql}`,
          )
          .run(...holding.params).changes;
        // Counts of an answer no row gives any more would keep its text.
        const counted = holdingTerms(targets.terms, ['value_text']);
        db.prepare(`DELETE FROM answer_counts WHERE n <= 0 AND (${counted.sql})`).run(
          ...counted.params,
        );
        stores.activity.record({
          at: new Date().toISOString(),
          workspaceId: session.workspace.id,
          kind: 'people.erased',
          formId: formsOf(erased).length === 1 ? (formsOf(erased)[0] ?? null) : null,
          submissionId: null,
          summary: erasedSummary(
            erased.length,
            rows.length - erased.length,
            formsOf(erased).map((id) => stores.forms.name(id) ?? id),
            damaged.map((copy) => path.basename(copy)),
          ),
          snapshot: undefined,
        });
        // The rewrite log holds their places too, and no copy of the columns is left to patch.
        db.exec(
          'DELETE FROM form_rewrites; UPDATE form_changes SET logged = 0, logged_from = version',
        );
        db.prepare(`INSERT INTO submission_search (submission_search) VALUES ('optimize')`).run();
        db.prepare(`INSERT INTO search_suffixes (search_suffixes) VALUES ('optimize')`).run();
        journal.forgetEraseTerms(jobId);
      }).immediate();
    // Rewritten whole: what plain deletes and syncs freed before is still in the file's free space.
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
    return counts;
  } finally {
    db.pragma(`secure_delete = ${secure ? 'ON' : 'OFF'}`);
  }
}

const formsOf = (rows: readonly { formId: string }[]): string[] => [
  ...new Set(rows.map((r) => r.formId)),
];

/** The erasure's one entry in Activity: how many, on which forms; never the person's data. */
function erasedSummary(
  erased: number,
  failed: number,
  formNames: readonly string[],
  damagedCopies: readonly string[],
): string {
  return (
    `Erased ${erased} submission${erased === 1 ? '' : 's'} on ${formNames.join(', ') || 'no form'} at a respondent's request` +
    (failed > 0 ? `; ${failed} could not be deleted` : '') +
    (damagedCopies.length > 0
      ? `; the damaged cache ${damagedCopies.length === 1 ? 'copy' : 'copies'} ${damagedCopies.join(', ')} kept aside ${damagedCopies.length === 1 ? 'was' : 'were'} removed`
      : '') +
    '.'
  );
}

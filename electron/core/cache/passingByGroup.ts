import { groupTally } from './groupTally';
import { type StatusTally } from './keptTally';
import { type QueryStatements } from './queryStatements';
import { setRowids } from './setRowids';

const GROUP_ROWS = `SELECT id FROM submissions INDEXED BY submissions_by_time
  WHERE form_id = ? AND status = ? AND is_preview = ?`;

/**
 * The rows of a whole form that pass (`passing`, one byte per rowid), per status and preview flag
 * (`groupTally`): each group counted by listing its rows. Null when the form's largest group would
 * be listed.
 */
export function passingByGroup(
  reads: QueryStatements,
  formId: string,
  passing: Uint8Array,
): StatusTally[] | null {
  return groupTally(reads, formId, {
    inGroup({ formId: form, status, preview }) {
      const rows = { sql: GROUP_ROWS, params: [form, status, preview], except: false };
      let n = 0;
      for (const id of setRowids((sql) => reads.statement(sql), rows)) if (passing[id] === 1) n++;
      return n;
    },
    total: () => marked(passing),
    anyGroup: false,
  });
}

function marked(passing: Uint8Array): number {
  let n = 0;
  for (let id = 0; id < passing.length; id++) if (passing[id] === 1) n++;
  return n;
}

import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type StatusTally } from './keptTally';
import { type QueryStatements } from './queryStatements';
import { setRowids } from './setRowids';

/** A form's rows of one status and preview flag, as the counts a sync keeps say. */
interface Group {
  formId: string;
  status: SubmissionStatus;
  preview: number;
  n: number;
}

const GROUPS = `SELECT form_id AS formId, status, is_preview AS preview, n
  FROM submission_counts WHERE n > 0`;
const GROUP_ROWS = `SELECT id FROM submissions INDEXED BY submissions_by_time
  WHERE form_id = ? AND status = ? AND is_preview = ?`;

/**
 * The rows of a whole form that pass (`passing`, one byte per rowid), per status and preview flag,
 * counted from the cache's other rows: the marks of every row that passes, less those of every
 * group of rows but the form's largest. Most of a large form is one group (its finished rows), so
 * this lists a fraction of what the status of each of its rows would. Null when it would not:
 * the other groups hold more than half as many rows as the form.
 */
export function passingByGroup(
  reads: QueryStatements,
  formId: string,
  passing: Uint8Array,
): StatusTally[] | null {
  // One snapshot, so the kept counts and the rows listed agree.
  return reads.db.transaction(() => {
    const groups = reads.statement<Group>(GROUPS).all();
    const own = groups.filter((group) => group.formId === formId);
    if (own.length === 0) return [];
    const largest = own.reduce((most, group) => (group.n > most.n ? group : most));
    const formRows = own.reduce((sum, group) => sum + group.n, 0);
    const listed = groups.reduce((sum, group) => sum + group.n, 0) - largest.n;
    if (listed * 2 > formRows) return null;
    const passed = new Map<Group, number>();
    let elsewhere = 0;
    for (const group of groups) {
      if (group === largest) continue;
      let n = 0;
      const { formId: form, status, preview } = group;
      const rows = { sql: GROUP_ROWS, params: [form, status, preview], except: false };
      for (const id of setRowids((sql) => reads.statement(sql), rows)) if (passing[id] === 1) n++;
      passed.set(group, n);
      elsewhere += n;
    }
    passed.set(largest, marked(passing) - elsewhere);
    return (['finished', 'in_progress'] as const)
      .map((status) => {
        const mine = own.filter((group) => group.status === status);
        const sum = (groups: Group[]) => groups.reduce((n, group) => n + passed.get(group)!, 0);
        return { status, n: sum(mine), previews: sum(mine.filter((group) => group.preview)) };
      })
      .filter((entry) => entry.n > 0);
  })();
}

function marked(passing: Uint8Array): number {
  let n = 0;
  for (let id = 0; id < passing.length; id++) if (passing[id] === 1) n++;
  return n;
}

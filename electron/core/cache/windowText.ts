import { contract } from '../../shared/contract';
import { SubmissionListRow } from '../../shared/contract/submissions';
import { listRowHead, type SubmissionQuery } from './submissionQuery';

const QUERY = contract['submissions.query'];
const WindowHead = QUERY.output.omit({ rows: true });
const RowHead = SubmissionListRow.omit({ submission: true });

/**
 * A `submissions.query` answer as its envelope's JSON text, each row's submission spliced in as the
 * cache holds it. Through `dispatch`, the reader parses a window's submissions, checks them and
 * writes them out again: for a 100-row window (about 237 KB) that was most of its time, the writing
 * alone 3–9 ms. What is spliced was checked against the service's schema when its page was read;
 * the rest of the answer is checked here against the contract, as `dispatch` checks it. Null for
 * input the operation refuses, which `dispatch` answers with its message.
 */
export function windowEnvelopeText(query: SubmissionQuery, input: unknown): string | null {
  const parsed = QUERY.input.safeParse(input ?? {});
  if (!parsed.success) return null;
  const { offset, limit, ...filter } = parsed.data;
  const { rows, ...rest } = query.storedRowsFirst(filter, offset, limit);
  const head = JSON.stringify(WindowHead.parse({ ...rest, offset }));
  const listed = rows.map((row) => {
    const fields = JSON.stringify(RowHead.parse(listRowHead(row)));
    return `${fields.slice(0, -1)},"submission":${row.raw}}`;
  });
  return `{"ok":true,"data":{"rows":[${listed.join(',')}],${head.slice(1)}}`;
}

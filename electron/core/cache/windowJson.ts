import { contract } from '../../shared/contract';
import { SubmissionListRow, type SubmissionFilter } from '../../shared/contract/submissions';
import { listRowHead, type SubmissionQuery } from './submissionQuery';

const QUERY = contract['submissions.query'];
const WindowHead = QUERY.output.omit({ rows: true });
const RowHead = SubmissionListRow.omit({ submission: true });
const utf8 = new TextEncoder();

/**
 * A `submissions.query` answer as its envelope's UTF-8 JSON, each row's submission copied in as the
 * bytes the cache holds. Through `dispatch`, the reader parsed a window's submissions, checked them
 * and wrote them out again, which was most of its time. Spliced as text, the rows were still
 * decoded into strings and encoded again; as bytes, they are only copied. What is spliced was
 * checked against the service's schema when its page was read; the rest of the answer is checked
 * here against the contract, as `dispatch` checks it. Null for input the operation refuses, which
 * `dispatch` answers with its message. `asked` is told the view a window was answered of.
 */
export function windowEnvelopeJson(
  query: SubmissionQuery,
  input: unknown,
  asked: (view: SubmissionFilter) => void = () => {},
): Uint8Array | null {
  const parsed = QUERY.input.safeParse(input ?? {});
  if (!parsed.success) return null;
  const { offset, limit, ...filter } = parsed.data;
  const { rows, ...rest } = query.storedRowsFirst(filter, offset, limit);
  asked(filter);
  const head = JSON.stringify(WindowHead.parse({ ...rest, offset }));
  const parts: Uint8Array[] = [utf8.encode('{"ok":true,"data":{"rows":[')];
  rows.forEach((row, at) => {
    const fields = JSON.stringify(RowHead.parse(listRowHead(row)));
    parts.push(utf8.encode(`${at === 0 ? '' : ','}${fields.slice(0, -1)},"submission":`));
    parts.push(row.raw, utf8.encode('}'));
  });
  parts.push(utf8.encode(`],${head.slice(1)}}`));
  return joined(parts);
}

/** The parts in one array of its own, which a thread can hand over whole (`workerPort.ts`). */
function joined(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.byteLength;
  }
  return whole;
}

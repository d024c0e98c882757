import { contract, WrittenJson } from '../../shared/contract';
import { SubmissionListRow, type SubmissionFilter } from '../../shared/contract/submissions';
import { listRowHead } from './listRow';
import { unpackedBytes } from './packedSubmission';
import { type SubmissionQuery } from './submissionQuery';

const WindowHead = contract['submissions.query'].output.omit({ rows: true });
const RowHead = SubmissionListRow.omit({ submission: true });
const utf8 = new TextEncoder();

/**
 * A `submissions.query` answer's data as UTF-8 JSON, each row's submission copied in as the bytes
 * the cache holds. Parsing a window's submissions, checking them and writing them out again was
 * most of a window's cost; spliced as text they were still decoded and encoded again; as bytes,
 * they are only copied. What is spliced was checked against the service's schema when its page
 * was read; the rest of the answer is checked here against the contract, as `dispatch` checks
 * other answers.
 */
export function windowJson(
  query: SubmissionQuery,
  filter: SubmissionFilter,
  offset: number,
  limit: number,
): WrittenJson {
  const { rows, ...rest } = query.storedRowsFirst(filter, offset, limit);
  const head = JSON.stringify(WindowHead.parse({ ...rest, offset }));
  const parts: Uint8Array[] = [utf8.encode('{"rows":[')];
  rows.forEach((row, at) => {
    const fields = JSON.stringify(RowHead.parse(listRowHead(row)));
    parts.push(utf8.encode(`${at === 0 ? '' : ','}${fields.slice(0, -1)},"submission":`));
    parts.push(unpackedBytes(row.raw), utf8.encode('}'));
  });
  parts.push(utf8.encode(`],${head.slice(1)}`));
  return new WrittenJson(joined(parts));
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

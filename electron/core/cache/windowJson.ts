import { contract, WrittenJson } from '../../shared/contract';
import { SubmissionListRow, type SubmissionFilter } from '../../shared/contract/submissions';
import { listRowHead } from './listRow';
import { ByteSink } from './byteSink';
import { type SubmissionQuery } from './submissionQuery';

const WindowHead = contract['submissions.query'].output.omit({ rows: true });
const RowHead = SubmissionListRow.omit({ submission: true });

/**
 * Every window is written into one array kept between windows, then copied out at its size: each
 * window's array was as large again as its answer, and a reader scrolling through a table made
 * a few hundred kilobytes of them a window, enough for the collector to run a full pass every
 * few dozen windows. One that grew past `KEPT_BYTES` (rows of very long answers) is let go.
 */
const ROOM = 64 * 1024;
const KEPT_BYTES = 4 * 1024 * 1024;
let scratch = new ByteSink(ROOM);

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
  const answer = scratch;
  answer.clear();
  answer.writeText('{"rows":[');
  rows.forEach((row, at) => {
    if (at > 0) answer.writeText(',');
    // The head's closing brace is written over: cut from its text and joined to the next field,
    // it was two more strings a row, and a scroll's collections came sooner.
    answer.writeText(JSON.stringify(RowHead.parse(listRowHead(row))));
    answer.drop(1);
    answer.writeText(',"submission":');
    query.packed.writeInto(row.raw, answer);
    answer.writeText('}');
  });
  answer.writeText(`],${head.slice(1)}`);
  const bytes = Buffer.from(answer.written());
  if (answer.capacity > KEPT_BYTES) scratch = new ByteSink(ROOM);
  return new WrittenJson(bytes);
}

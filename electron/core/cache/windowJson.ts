import { contract, WrittenJson } from '../../shared/contract';
import { SubmissionListRow, type SubmissionFilter } from '../../shared/contract/submissions';
import { listRowHead } from './listRow';
import { ByteSink } from './byteSink';
import { type SubmissionQuery } from './submissionQuery';

const WindowHead = contract['submissions.query'].output.omit({ rows: true });
const RowHead = SubmissionListRow.omit({ submission: true });

/**
 * The room a window's answer starts with, so that it seldom grows: a row's JSON is seldom more
 * than five times its stored bytes, deflated against its form's words, and its indexed fields
 * take less than `ROW_HEAD`.
 */
const INFLATED_PER_BYTE = 5;
const ROW_HEAD = 200;

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
  const answer = new ByteSink(
    rows.reduce((sum, row) => sum + INFLATED_PER_BYTE * row.raw.byteLength + ROW_HEAD, head.length),
  );
  answer.writeText('{"rows":[');
  rows.forEach((row, at) => {
    const fields = JSON.stringify(RowHead.parse(listRowHead(row)));
    answer.writeText(`${at === 0 ? '' : ','}${fields.slice(0, -1)},"submission":`);
    query.packed.writeInto(row.raw, answer);
    answer.writeText('}');
  });
  answer.writeText(`],${head.slice(1)}`);
  return new WrittenJson(answer.written());
}

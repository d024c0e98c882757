import { type CreateSubmission } from '../../shared/api/submission';
import { type ColumnMapping, type ColumnTarget } from '../../shared/contract/imports';
import { targetKind } from './buildSubmission';

type FieldKind = 'date' | 'datetime' | 'value';

/** The requests' rows as people read them: fields by title, values as sent, in JSON. */
export interface ShownRequests {
  fields: Array<{ label: string; kind: FieldKind }>;
  rows: Array<{ line: number; request: number; values: Array<string | null> }>;
}

interface Field {
  label: string;
  kind: FieldKind;
  read: (submission: CreateSubmission) => unknown;
}

/** Where a target's value sits in a created submission, under the name people know it by. */
function fieldOf(target: ColumnTarget, names: ReadonlyMap<string, string>): Field | null {
  const kind = targetKind(target);
  const shownKind: FieldKind = kind === 'date' || kind === 'datetime' ? kind : 'value';
  const field = (label: string, read: Field['read']): Field => ({ label, kind: shownKind, read });
  switch (target.kind) {
    case 'ignore':
      return null;
    case 'question':
      return field(
        names.get(target.id) ?? `Question ${target.id}`,
        (s) => s.questions.find((q) => q.id === target.id)?.value,
      );
    case 'submissionTime':
      return field('Submission time', (s) => s.submissionTime);
    case 'lastUpdatedAt':
      return field('Last updated at', (s) => s.lastUpdatedAt);
    case 'urlParameter':
      return field(
        `URL parameter ${target.name || target.id}`,
        (s) => s.urlParameters?.find((p) => p.id === target.id)?.value,
      );
    case 'scheduling':
      return field(
        `Scheduling: ${target.field}`,
        (s) => s.scheduling?.find((x) => x.id === target.id)?.value[target.field],
      );
    case 'payment':
      return field(
        `Payment: ${target.field.replace(/^stripe/, 'processor')}`,
        (s) => s.payments?.find((x) => x.id === target.id)?.value[target.field],
      );
  }
}

/**
 * The first batches' rows, one value per mapped column in the file's order: what "Start import"
 * sends, without the ids and nesting of its bodies. Rows whose file gives no time show the time
 * they are given, as their own field.
 */
export function shownRequests(
  batches: ReadonlyArray<{ rows: readonly number[]; body: { submissions: CreateSubmission[] } }>,
  mappings: readonly ColumnMapping[],
  names: ReadonlyMap<string, string>,
): ShownRequests {
  const fields = mappings.flatMap((m) => fieldOf(m.target, names) ?? []);
  if (!mappings.some((m) => m.target.kind === 'submissionTime'))
    fields.push({
      label: 'Submission time, given at the start',
      kind: 'datetime',
      read: (s) => s.submissionTime,
    });
  return {
    fields: fields.map(({ label, kind }) => ({ label, kind })),
    rows: batches.flatMap((batch, request) =>
      batch.body.submissions.map((submission, i) => ({
        line: batch.rows[i]!,
        request: request + 1,
        values: fields.map((f) => {
          const value = f.read(submission);
          return value === undefined ? null : JSON.stringify(value);
        }),
      })),
    ),
  };
}

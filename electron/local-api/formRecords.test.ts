import { describe, expect, it } from 'vitest';
import { type Submission } from '../shared/api/submission';
import { DEMO_FORMS } from './demoForms';
import { FormRecords, type RowFilter } from './formRecords';

const EVENTS = DEMO_FORMS[1]!;
const ROWS = 6_000;
const finished: RowFilter = { status: 'finished', includePreview: true };
const search: RowFilter = { ...finished, search: 'okafor' };

const contains = (s: Submission) => JSON.stringify(s).toLowerCase().includes('okafor');
const ids = (submissions: Submission[]) => submissions.map((s) => s.submissionId);

async function everything(records: FormRecords, filter: RowFilter): Promise<Submission[]> {
  const rows = await records.query(filter);
  return rows.page(0, rows.total, 'asc');
}

describe('FormRecords search', () => {
  it('settles deletes and edits that land while a long search is running', async () => {
    const reference = new FormRecords(EVENTS, 99, ROWS);
    const before = await everything(reference, finished);
    const early = before.slice(0, 50);
    const deletedMatch = early.find(contains);
    const editedEarly = early.find((s) => !contains(s));
    const editedLate = before.slice(-50).find((s) => !contains(s));
    expect(deletedMatch && editedEarly && editedLate).toBeTruthy();

    const records = new FormRecords(EVENTS, 99, ROWS);
    // The first slice of the scan runs now; the changes below land before the next one.
    const pending = records.query(search);
    records.remove(deletedMatch?.submissionId ?? '');
    records.edit(editedEarly?.submissionId ?? '', 'fn01', 'Ada Okafor', '2026-11-20T00:00:00.000Z');
    records.edit(editedLate?.submissionId ?? '', 'fn01', 'Bo Okafor', '2026-11-20T00:00:00.000Z');
    const rows = await pending;
    const found = rows.page(0, rows.total, 'asc');

    const expected = (await everything(records, finished)).filter(contains);
    expect(ids(found)).toEqual(ids(expected));
    expect(ids(found)).toContain(editedEarly?.submissionId);
    expect(ids(found)).toContain(editedLate?.submissionId);
    expect(ids(found)).not.toContain(deletedMatch?.submissionId);
  });

  it('shows new matching submissions without waiting for another scan', async () => {
    const records = new FormRecords(EVENTS, 5, 2_000);
    const first = await records.query(search);
    const [template] = await everything(records, finished);
    const arrival = {
      ...template!,
      submissionId: 'new-arrival',
      submissionTime: '2026-11-21T10:00:00.000Z',
      questions: template!.questions.map((q) =>
        q.id === 'fn01' ? { ...q, value: 'Chidi Okafor' } : q,
      ),
    };
    records.add({
      submission: arrival,
      time: Date.parse(arrival.submissionTime),
      inProgress: false,
      preview: false,
    });
    const second = await records.query(search);
    expect(second.total).toBe(first.total + 1);
    expect(second.page(0, 1, 'desc')[0]?.submissionId).toBe('new-arrival');
  });
});

describe('FormRecords stop', () => {
  it('ends a running search at its next pause', async () => {
    const records = new FormRecords(EVENTS, 3, ROWS);
    const pending = records.query(search);
    records.stop();
    await expect(pending).rejects.toThrow('shutting down');
  });
});

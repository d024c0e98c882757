import {
  type SubmissionField,
  type SubmissionSort,
} from '../../../../electron/shared/contract/submissions';

/**
 * Column ids of the results table. Fixed columns use the submission field they show; value
 * columns are prefixed so a question whose id happens to be "status" cannot collide with one.
 * A value column's answer key (the cache's name for it) follows from its id.
 */
type FieldColumnId =
  | 'submissionTime'
  | 'lastUpdatedAt'
  | 'status'
  | 'quizScore'
  | 'loginEmail'
  | 'payments'
  | 'scheduling';

const SORT_FIELD_OF: Partial<Record<FieldColumnId, SubmissionField>> = {
  submissionTime: 'submissionTime',
  lastUpdatedAt: 'lastUpdatedAt',
  quizScore: 'quizScore',
  loginEmail: 'loginEmail',
  payments: 'paymentAmount',
};

export const questionColumnId = (questionId: string) => `q:${questionId}`;
export const calculationColumnId = (id: string) => `calculation:${id}`;
export const urlParameterColumnId = (id: string) => `urlParameter:${id}`;

/** The cache's key for a value column (`q:abc` → `abc`; calculations and parameters keep theirs). */
export function answerKeyOf(columnId: string): string | null {
  if (columnId.startsWith('q:')) return columnId.slice(2);
  if (columnId.startsWith('calculation:') || columnId.startsWith('urlParameter:')) return columnId;
  return null;
}

/** How the cache sorts by a column, or null when the column cannot be sorted (status, bookings). */
export function sortOf(columnId: string): SubmissionSort | null {
  const field = SORT_FIELD_OF[columnId as FieldColumnId];
  if (field) return field;
  const answer = answerKeyOf(columnId);
  return answer ? { answer } : null;
}

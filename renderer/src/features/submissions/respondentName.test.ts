import { describe, expect, it } from 'vitest';
import { type Submission } from '../../../../electron/shared/api/submission';
import { respondentName } from './respondentName';

const answered = (questions: Submission['questions']): Submission => ({
  submissionId: 's1',
  submissionTime: '2026-11-25T16:25:00.000Z',
  questions,
});

describe('respondentName', () => {
  it('takes a name question first, then an e-mail address', () => {
    const name = { id: 'n', name: 'Full name', type: 'ShortAnswer', value: 'Ana Lima' };
    const email = { id: 'e', name: 'Email', type: 'EmailInput', value: 'ana@example.com' };
    expect(respondentName(answered([email, name]))).toBe('Ana Lima');
    expect(respondentName(answered([email]))).toBe('ana@example.com');
  });

  it('names nobody when no answer says who', () => {
    const other = { id: 'c', name: 'Company', type: 'ShortAnswer', value: 'Initech' };
    expect(respondentName(answered([other]))).toBeNull();
  });
});

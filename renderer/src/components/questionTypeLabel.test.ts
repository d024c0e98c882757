import { describe, expect, it } from 'vitest';
import { questionTypeLabel } from './questionTypeLabel';

describe('questionTypeLabel', () => {
  it('names a type as people know it, a new one spelt out from its name', () => {
    expect(questionTypeLabel('ShortAnswer')).toBe('Short answer');
    expect(questionTypeLabel('StarRating')).toBe('Star rating');
    expect(questionTypeLabel('URLInput')).toBe('Web address');
    expect(questionTypeLabel('VideoAnswer')).toBe('Video answer');
    expect(questionTypeLabel('AIFeedbackBox')).toBe('AI feedback box');
  });
});

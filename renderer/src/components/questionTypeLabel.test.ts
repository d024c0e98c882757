import { describe, expect, it } from 'vitest';
import { questionTypeLabel } from './questionTypeLabel';

describe('questionTypeLabel', () => {
  it('names the service types as people say them', () => {
    expect(questionTypeLabel('ShortAnswer')).toBe('Short answer');
    expect(questionTypeLabel('EmailInput')).toBe('Email');
    expect(questionTypeLabel('StarRating')).toBe('Star rating');
    expect(questionTypeLabel('URLInput')).toBe('Web address');
  });

  it('spells out a type that appeared later from its identifier', () => {
    expect(questionTypeLabel('VideoRecording')).toBe('Video recording');
    expect(questionTypeLabel('QRCodeScanner')).toBe('QR code scanner');
    expect(questionTypeLabel('AIFeedbackBox')).toBe('AI feedback box');
  });
});

import { describe, expect, it } from 'vitest';
import {
  answerLine,
  answerText,
  describeAnswer,
} from '../../../../electron/shared/answers/answerModel';

describe('describeAnswer', () => {
  it('reads choice questions as badges, whether one string or many', () => {
    expect(describeAnswer('Checkboxes', ['Red', 'Blue'])).toEqual({
      kind: 'choices',
      items: ['Red', 'Blue'],
    });
    expect(describeAnswer('Dropdown', 'Large')).toEqual({ kind: 'choices', items: ['Large'] });
  });

  it('puts an address on one line the way an envelope reads', () => {
    const answer = describeAnswer('Address', {
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'USA',
    });
    expect(answer.kind).toBe('address');
    expect(answerText(answer)).toBe('1 Main St, Springfield, IL 62701, USA');
  });

  it('skips missing address parts instead of leaving gaps', () => {
    expect(
      answerText(describeAnswer('Address', { city: 'Oslo', country: 'Norway', zipCode: '' })),
    ).toBe('Oslo, Norway');
  });

  it('lists uploaded files by name with their links', () => {
    const answer = describeAnswer('FileUpload', [
      { url: 'https://files.example/a/report%20final.pdf', filename: 'report final.pdf' },
      { url: 'https://files.example/b/photo.png' },
    ]);
    expect(answer).toEqual({
      kind: 'files',
      signature: false,
      files: [
        { name: 'report final.pdf', url: 'https://files.example/a/report%20final.pdf' },
        { name: 'photo.png', url: 'https://files.example/b/photo.png' },
      ],
    });
  });

  it('marks signatures so the detail can show them as an image', () => {
    const answer = describeAnswer('Signature', 'data:image/png;base64,AAAA');
    expect(answer).toMatchObject({ kind: 'files', signature: true, files: [{ name: 'image' }] });
  });

  it('reads date ranges in the shapes seen upstream', () => {
    expect(describeAnswer('DateRange', { start: '2025-01-02', end: '2025-01-05' })).toEqual({
      kind: 'dateRange',
      start: '2025-01-02',
      end: '2025-01-05',
    });
    expect(describeAnswer('DateRange', { startDate: '2025-01-02' })).toEqual({
      kind: 'dateRange',
      start: '2025-01-02',
      end: null,
    });
  });

  it('reads a matrix row by row', () => {
    expect(describeAnswer('Matrix', { Speed: 'Good', Price: ['Fair', 'Poor'] })).toEqual({
      kind: 'matrix',
      rows: [
        { row: 'Speed', values: ['Good'] },
        { row: 'Price', values: ['Fair', 'Poor'] },
      ],
    });
  });

  it('tells dates from date-times', () => {
    expect(describeAnswer('DatePicker', '2025-03-04')).toEqual({
      kind: 'date',
      iso: '2025-03-04',
      withTime: false,
    });
    expect(describeAnswer('DateTimePicker', '2025-03-04T10:00:00.000Z')).toEqual({
      kind: 'date',
      iso: '2025-03-04T10:00:00.000Z',
      withTime: true,
    });
  });

  it('shows star ratings against five stars, or more when the value needs it', () => {
    expect(describeAnswer('StarRating', 4)).toEqual({ kind: 'rating', value: 4, max: 5 });
    expect(describeAnswer('StarRating', 7)).toEqual({ kind: 'rating', value: 7, max: 7 });
  });

  it('never shows a password answer', () => {
    const answer = describeAnswer('Password', 'hunter2');
    expect(answer).toEqual({ kind: 'secret' });
    expect(answerText(answer)).not.toContain('hunter2');
  });

  it('shows unknown types as compact JSON', () => {
    const answer = describeAnswer('HologramInput', { beams: [1, 2] });
    expect(answer).toEqual({
      kind: 'json',
      compact: '{"beams":[1,2]}',
      pretty: '{\n  "beams": [\n    1,\n    2\n  ]\n}',
    });
  });

  it('falls back to JSON when a known type carries an unexpected shape', () => {
    expect(describeAnswer('Checkboxes', [{ odd: true }]).kind).toBe('json');
    expect(describeAnswer('Matrix', { row: { nested: 1 } }).kind).toBe('json');
  });

  it('keeps plain scalars of unknown types readable', () => {
    expect(describeAnswer('Futuristic', 'hello')).toEqual({
      kind: 'text',
      text: 'hello',
      multiline: false,
    });
    expect(describeAnswer('Futuristic', 3)).toEqual({ kind: 'number', value: 3 });
  });

  it('treats null, blanks and empty lists as no answer', () => {
    for (const value of [null, undefined, '', '  ', [], { city: '' }]) {
      expect(describeAnswer('Address', value)).toEqual({ kind: 'empty' });
    }
  });

  it('reads coordinates with either naming', () => {
    expect(describeAnswer('LocationCoordinates', { latitude: '59.9', longitude: '10.7' })).toEqual({
      kind: 'coordinates',
      latitude: 59.9,
      longitude: 10.7,
    });
    expect(describeAnswer('LocationCoordinates', { lat: 1, lng: 2 })).toMatchObject({
      latitude: 1,
      longitude: 2,
    });
  });
});

describe('answerLine', () => {
  it('puts answers that read as text on one line and leaves drawn answers to their display', () => {
    expect(answerLine(describeAnswer('Matrix', { Speed: 'Good', Price: ['Fair', 'Poor'] }))).toBe(
      'Speed: Good · Price: Fair, Poor',
    );
    expect(answerLine(describeAnswer('DateRange', { start: '2025-01-02', end: null }))).toMatch(
      / – …$/,
    );
    expect(answerLine(describeAnswer('ShortAnswer', 'Ada'))).toBe('Ada');
    expect(answerLine(describeAnswer('StarRating', 4))).toBeNull();
    expect(answerLine(describeAnswer('Checkboxes', ['Red']))).toBeNull();
    expect(answerLine(describeAnswer('Password', 'hunter2'))).toBeNull();
  });
});

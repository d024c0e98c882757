import { describe, expect, it } from 'vitest';
import { describeFilter, endOfLocalDay, opsForType, startOfLocalDay } from './filterOps';

describe('opsForType', () => {
  it('offers ranges for numbers and dates, "is" for choices, text search otherwise', () => {
    expect(opsForType('StarRating')[0]).toBe('numberRange');
    expect(opsForType('DatePicker')[0]).toBe('dateRange');
    expect(opsForType('Dropdown').slice(0, 3)).toEqual(['choiceIs', 'choiceIsNot', 'choiceAnyOf']);
    expect(opsForType('LongAnswer')[0]).toBe('contains');
    expect(opsForType('SomethingNew')).toEqual(['contains', 'isEmpty', 'isNotEmpty']);
  });
});

describe('describeFilter', () => {
  it('reads as a sentence', () => {
    expect(describeFilter({ key: 'q', op: 'numberRange', min: 3, max: 5 }, 'Rating')).toBe(
      'Rating is between 3 and 5',
    );
    expect(describeFilter({ key: 'q', op: 'numberRange', min: 3 }, 'Rating')).toBe('Rating ≥ 3');
    expect(
      describeFilter({ key: 'q', op: 'numberRange', min: 5, max: 5 }, 'Rating', 'StarRating'),
    ).toBe('Rating is 5 stars');
    expect(describeFilter({ key: 'q', op: 'numberRange', min: 7, max: 7 }, 'Score')).toBe(
      'Score is 7',
    );
    expect(describeFilter({ key: 'q', op: 'choiceIs', value: 'Red' }, 'Colour')).toBe(
      'Colour is “Red”',
    );
    expect(describeFilter({ key: 'q', op: 'choiceIsNot', value: 'Red' }, 'Colour')).toBe(
      'Colour is not “Red”',
    );
    expect(describeFilter({ key: 'q', op: 'choiceAnyOf', values: ['Red', 'Blue'] }, 'Colour')).toBe(
      'Colour is any of “Red”, “Blue”',
    );
    expect(describeFilter({ key: 'q', op: 'isEmpty' }, 'Notes')).toBe('Notes is empty');
  });
});

describe('local days', () => {
  it('spans one whole day in the viewer zone', () => {
    const start = startOfLocalDay('2025-03-04');
    const end = endOfLocalDay('2025-03-04');
    expect(start && end && Date.parse(end) - Date.parse(start)).toBeGreaterThanOrEqual(
      23 * 3600_000,
    );
    expect(new Date(start ?? '').getDate()).toBe(4);
    expect(startOfLocalDay('not a day')).toBeNull();
  });
});

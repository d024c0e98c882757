import { describe, expect, it } from 'vitest';
import { answerLine, describeAnswer } from '../../../../electron/shared/answers/answerModel';
import { formatCoordinates } from '../../../../electron/shared/answers/coordinates';
import { formatDayRange } from '../../../../electron/shared/answers/dateFormat';
import { currencyOf, displayedAnswer, formatAmount } from './displayedAnswer';

const paidIn = (...currencies: string[]) => ({
  payments: currencies.map((currency, i) => ({
    id: `p${i}`,
    value: { currency, totalAmount: 100 },
  })),
});

describe('formatCoordinates', () => {
  it('reads a point with its compass directions', () => {
    expect(formatCoordinates(51.5074, -0.1278, 'en-GB')).toBe('51.5074° N, 0.1278° W');
    expect(formatCoordinates(-33.86882, 151.20929, 'en-GB')).toBe('33.8688° S, 151.2093° E');
  });

  it('gives the equator and the meridian no direction, and follows the locale’s decimals', () => {
    expect(formatCoordinates(0, 0.00001, 'en-GB')).toBe('0.0000°, 0.0000°');
    expect(formatCoordinates(48.1372, 11.5756, 'de-DE')).toBe('48,1372° N, 11,5756° E');
  });

  it('shows the address a location carries, before its numbers', () => {
    const answer = describeAnswer('LocationCoordinates', {
      latitude: 51.5074,
      longitude: -0.1278,
      address: 'Trafalgar Square, London',
    });
    expect(answerLine(answer)).toBe('Trafalgar Square, London');
  });

  it('is what a location cell shows', () => {
    expect(answerLine(describeAnswer('LocationCoordinates', { lat: 51.5074, lng: -0.1278 }))).toBe(
      formatCoordinates(51.5074, -0.1278),
    );
  });
});

// Locales join a range with thin spaces; the tests read them as plain ones.
const range = (start: string | null, end: string | null, locale: string) =>
  formatDayRange(start, end, locale).replace(/\u2009/g, ' ');

describe('formatDayRange', () => {
  it('writes the shared month and year once, in the person’s order', () => {
    expect(range('2026-03-03', '2026-03-07', 'en-GB')).toBe('3 – 7 Mar 2026');
    expect(range('2026-03-03', '2026-03-07', 'en-US')).toBe('Mar 3 – 7, 2026');
    expect(range('2026-03-30', '2026-04-02', 'en-GB')).toBe('30 Mar – 2 Apr 2026');
  });

  it('keeps a calendar day from shifting with the zone, and a one-day range reads as one day', () => {
    expect(range('2026-01-01', '2026-01-01', 'en-GB')).toBe('1 Jan 2026');
  });

  it('marks a missing end, and keeps a reversed or unreadable range as two dates', () => {
    expect(range('2026-03-03', null, 'en-GB')).toBe('3 Mar 2026 – …');
    expect(range('2026-03-07', '2026-03-03', 'en-GB')).toBe('7 Mar 2026 – 3 Mar 2026');
    expect(range('soon', '2026-03-03', 'en-GB')).toBe('soon – 3 Mar 2026');
  });

  it('is what a date range cell shows', () => {
    expect(
      answerLine(describeAnswer('DateRange', { start: '2026-03-03', end: '2026-03-07' })),
    ).toBe(formatDayRange('2026-03-03', '2026-03-07'));
  });
});

describe('displayedAnswer', () => {
  it('shows an amount in the currency the respondent paid in', () => {
    expect(displayedAnswer({ type: 'CurrencyInput', value: 12.5 }, paidIn('gbp'), 'en-GB')).toEqual(
      {
        kind: 'text',
        text: '£12.50',
        multiline: false,
      },
    );
    expect(
      displayedAnswer({ type: 'CurrencyInput', value: 1200 }, paidIn('JPY'), 'en-US'),
    ).toMatchObject({
      text: '¥1,200',
    });
  });

  it('shows an amount with two decimals when no single currency is known', () => {
    expect(displayedAnswer({ type: 'CurrencyInput', value: 12.5 }, {}, 'en-US')).toMatchObject({
      text: '12.50',
    });
    expect(currencyOf(paidIn('usd', 'eur'))).toBeNull();
    expect(currencyOf(paidIn('usd', 'USD'))).toBe('USD');
    expect(formatAmount(3, 'NOT-A-CODE', 'en-US')).toBe('3.00');
  });

  it('shows an opinion scale against its top', () => {
    expect(displayedAnswer({ type: 'OpinionScale', value: 4 }, {}, 'en-US')).toMatchObject({
      text: '4 / 10',
    });
    expect(displayedAnswer({ type: 'OpinionScale', value: 14 }, {})).toEqual({
      kind: 'number',
      value: 14,
    });
  });

  it('leaves every other answer as the shared model reads it', () => {
    expect(displayedAnswer({ type: 'NumberInput', value: 3 }, paidIn('usd'))).toEqual({
      kind: 'number',
      value: 3,
    });
    expect(displayedAnswer({ type: 'ColorPicker', value: '#ff8800' }, {})).toEqual({
      kind: 'color',
      hex: '#ff8800',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  convertBoolean,
  convertDate,
  convertDateTime,
  convertList,
  convertNumber,
} from './convertCell';

const value = (c: ReturnType<typeof convertNumber>) => (c.ok ? c.value : `error: ${c.message}`);

describe('cell conversions', () => {
  it('reads numbers with a decimal comma when the column says so, and explains when it does not', () => {
    expect(value(convertNumber('1.234,50', { decimalSeparator: ',' }))).toBe(1234.5);
    expect(value(convertNumber('0,99', { decimalSeparator: ',' }))).toBe(0.99);
    expect(value(convertNumber('1,234.50'))).toBe(1234.5);
    expect(value(convertNumber('-5'))).toBe(-5);
    expect(value(convertNumber('€12'))).toBe(12);
    expect(value(convertNumber('89,90'))).toMatch(/decimal ","/);
    expect(convertNumber('12abc').ok).toBe(false);
  });

  it('reads dd.mm.yyyy dates and wall times in the chosen zone, across daylight saving', () => {
    expect(value(convertDate('16.05.2024', { dateFormat: 'dd.mm.yyyy' }))).toBe('2024-05-16');
    expect(
      value(
        convertDateTime('16.05.2024 14:30', {
          dateFormat: 'dd.mm.yyyy',
          timeZone: 'Europe/Berlin',
        }),
      ),
    ).toBe('2024-05-16T12:30:00.000Z');
    expect(
      value(
        convertDateTime('15.01.2024 14:30', {
          dateFormat: 'dd.mm.yyyy',
          timeZone: 'Europe/Berlin',
        }),
      ),
    ).toBe('2024-01-15T13:30:00.000Z');
    expect(value(convertDateTime('2024-05-16T23:20:05.324Z'))).toBe('2024-05-16T23:20:05.324Z');
    expect(
      value(convertDateTime('2024-05-16T23:20:05+02:00', { timeZone: 'America/New_York' })),
    ).toBe('2024-05-16T21:20:05.000Z');
    expect(value(convertDateTime('05/17/2024', { dateFormat: 'mm/dd/yyyy' }))).toBe(
      '2024-05-17T00:00:00.000Z',
    );
  });

  it('refuses impossible dates and hints at the format a value fits', () => {
    expect(convertDate('31.02.2024', { dateFormat: 'dd.mm.yyyy' }).ok).toBe(false);
    expect(value(convertDate('16.05.2024'))).toMatch(/dd\.mm\.yyyy/);
    expect(value(convertDateTime('2024-05-16 10:00', { timeZone: 'Not/AZone' }))).toMatch(
      /time zone/,
    );
  });

  it('reads booleans in several languages and multi-choice lists', () => {
    expect(value(convertBoolean('ja'))).toBe(true);
    expect(value(convertBoolean('nein'))).toBe(false);
    expect(value(convertBoolean('Si', { trueValues: ['si'], falseValues: ['no'] }))).toBe(true);
    expect(convertBoolean('maybe').ok).toBe(false);
    expect(value(convertList('Red; Green ;;Blue'))).toEqual(['Red', 'Green', 'Blue']);
    expect(value(convertList('a|b', { listSeparator: '|' }))).toEqual(['a', 'b']);
  });
});

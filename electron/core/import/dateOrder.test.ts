import { describe, expect, it } from 'vitest';
import { type ColumnMapping } from '../../shared/contract/imports';
import { chooseDateOrders, dateReadings, readDateOrder, settleDateOrders } from './dateOrder';

const time: ColumnMapping = { column: 0, target: { kind: 'submissionTime' } };
const rows = (...dates: string[]) => dates.map((d) => ({ cells: [d] }));

describe('readDateOrder', () => {
  it('is sure of day first when a day is over 12 and no date reads only month first', () => {
    expect(readDateOrder(['03/04/2025', '14/03/2025', ''])).toEqual({
      best: 'dd/mm/yyyy',
      settled: 'sure',
    });
    expect(readDateOrder(['03/04/2025', '03/14/2025'])).toEqual({
      best: 'mm/dd/yyyy',
      settled: 'sure',
    });
  });

  it('leaves slashes open when no day is over 12, and says when dates contradict', () => {
    expect(readDateOrder(['03/04/2025', '11/12/2024'])).toEqual({
      best: 'dd/mm/yyyy',
      settled: 'ambiguous',
    });
    expect(readDateOrder(['14/03/2025', '25/03/2025', '03/14/2025'])).toEqual({
      best: 'dd/mm/yyyy',
      settled: 'mixed',
    });
  });

  it('reads dots as day first, an impossible date counting for no order', () => {
    expect(readDateOrder(['04.03.2025', '31.02.2025'])).toEqual({
      best: 'dd.mm.yyyy',
      settled: 'sure',
    });
    expect(readDateOrder(['soon', ''])).toEqual({ best: null, settled: 'sure' });
  });
});

describe('date orders of a mapping', () => {
  it('settles an order the whole file bears out, and keeps one it leaves open', () => {
    const file = rows(
      '01/02/2025',
      ...Array.from({ length: 300 }, () => '02/03/2025'),
      '28/02/2025',
    );
    expect(settleDateOrders([time], file)[0]!.convert).toEqual({ dateFormat: 'dd/mm/yyyy' });
    const chosen = { ...time, convert: { dateFormat: 'mm/dd/yyyy' as const } };
    expect(settleDateOrders([chosen], rows('01/02/2025'))).toEqual([chosen]);
  });

  it('takes the order chosen, ISO as no conversion, and reports each date column', () => {
    const dotted = { ...time, convert: { dateFormat: 'dd.mm.yyyy' as const, timeZone: 'UTC' } };
    expect(chooseDateOrders([dotted], [{ column: 0, dateFormat: 'iso' }])).toEqual([
      { ...time, convert: { timeZone: 'UTC' } },
    ]);
    expect(dateReadings([dotted], rows('04.03.2025'))).toEqual([
      { column: 0, format: 'dd.mm.yyyy', best: 'dd.mm.yyyy', settled: 'sure' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../electron/shared/answers/money';

describe('formatMoney', () => {
  it('reads amounts in minor units', () => {
    expect(formatMoney(1000, 'usd', 'en-US')).toBe('$10.00');
    expect(formatMoney(1999, 'EUR', 'de-DE')).toBe('19,99\u00a0€');
  });

  it('knows currencies without a minor unit and with three digits', () => {
    expect(formatMoney(1000, 'JPY', 'en-US')).toBe('¥1,000');
    expect(formatMoney(1500, 'KWD', 'en-US')).toBe('KWD\u00a01.500');
  });

  it('shows the raw amount when the currency is unknown', () => {
    expect(formatMoney(1000, 'NOT-A-CODE', 'en-US')).toBe('1000 NOT-A-CODE');
    expect(formatMoney(1000, '', 'en-US')).toBe('1000');
  });
});

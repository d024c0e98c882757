import { describe, expect, it } from 'vitest';
import { readableSent } from './sentValue';

describe('readableSent', () => {
  it('writes what will be sent as people read it, not as JSON', () => {
    expect(readableSent('"Ana Lima"')).toBe('Ana Lima');
    expect(readableSent('true')).toBe('Yes');
    expect(readableSent('4.5')).toBe('4.5');
    expect(readableSent('["Price","Support"]')).toBe('Price, Support');
    expect(readableSent('{"Onboarding":"Good","Billing":"Poor"}')).toBe(
      'Onboarding: Good; Billing: Poor',
    );
    expect(readableSent('not json')).toBe('not json');
  });
});

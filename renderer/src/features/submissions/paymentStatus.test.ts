import { describe, expect, it } from 'vitest';
import { paymentStatusLook } from '../../../../electron/shared/answers/paymentStatus';

describe('paymentStatusLook', () => {
  it('reads the processor statuses seen upstream as people say them', () => {
    expect(paymentStatusLook('succeeded')).toEqual({ label: 'Paid', color: 'green' });
    expect(paymentStatusLook('requires_payment_method')).toEqual({
      label: 'Needs payment method',
      color: 'yellow',
    });
    expect(paymentStatusLook('canceled').color).toBe('red');
  });

  it('shows an empty status as such and a new one as written', () => {
    expect(paymentStatusLook('')).toEqual({ label: 'No status', color: 'gray' });
    expect(paymentStatusLook(undefined).label).toBe('No status');
    expect(paymentStatusLook('partially_refunded')).toEqual({
      label: 'partially refunded',
      color: 'gray',
    });
  });
});

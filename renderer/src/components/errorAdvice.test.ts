import { describe, expect, it } from 'vitest';
import { adviseOn } from './errorAdvice';

describe('adviseOn', () => {
  it('tells the user to reconnect when the key is refused', () => {
    const advice = adviseOn({
      code: 'UNAUTHORIZED',
      message: 'The service refused the API key',
      retryable: false,
    });
    expect(advice.sentence).toBe(
      'The service refused the API key. Open Settings and reconnect the workspace with a current API key.',
    );
  });

  it('warns to check before retrying a write whose outcome is unknown', () => {
    const advice = adviseOn({
      code: 'NETWORK',
      message: 'The connection dropped.',
      retryable: false,
      outcomeUnknown: true,
    });
    expect(advice.sentence).toMatch(/not known whether the change reached the service/);
    expect(advice.sentence).not.toMatch(/Check your connection/);
  });

  it('does not add a generic hint to a message that already says what to do', () => {
    const message =
      'Could not reach forms.example.com. Check the address and your connection, then try again.';
    expect(adviseOn({ code: 'NETWORK', message, retryable: true }).sentence).toBe(message);
  });
});

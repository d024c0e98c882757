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
      'The service refused the API key. Enter a new key for this workspace (Settings, or the banner on the Forms screen).',
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

  it('titles a 404 that named no item as an address with no API, and says it once', () => {
    const message =
      'This address answers with no Form Submissions API: expected an address ending in /v1/api. Check the workspace’s address.';
    const advice = adviseOn({
      code: 'NOT_FOUND',
      message,
      retryable: false,
      details: { status: 404, noApi: true },
    });
    expect(advice).toMatchObject({
      title: 'No Form Submissions API at this address',
      sentence: message,
    });
  });

  it('says "deleted" once for an item the service no longer has', () => {
    const advice = adviseOn({
      code: 'NOT_FOUND',
      message: 'The server has no such submission: it may have been deleted.',
      retryable: false,
    });
    expect(advice.sentence).toBe(
      'The server has no such submission: it may have been deleted. Sync to refresh the list.',
    );
  });

  it('does not add a generic hint to a message that already says what to do', () => {
    const message =
      'Could not reach forms.example.com. Check the address and your connection, then try again.';
    expect(adviseOn({ code: 'NETWORK', message, retryable: true }).sentence).toBe(message);
  });
});

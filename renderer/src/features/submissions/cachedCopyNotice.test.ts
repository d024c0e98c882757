import { describe, expect, it } from 'vitest';
import { cachedCopyNotice } from './cachedCopyNotice';

const now = new Date(2026, 2, 7, 16, 30);

describe('cachedCopyNotice', () => {
  it('says the service is not answering, with a time of today in the clock people read', () => {
    const syncedAt = new Date(2026, 2, 7, 14, 5).toISOString();
    expect(cachedCopyNotice(syncedAt, 'serviceDown', now, 'en-GB')).toBe(
      'The service is not answering: showing the copy saved on this computer at 14:05.',
    );
    expect(cachedCopyNotice(syncedAt, 'serviceDown', now, 'en-US')).toBe(
      'The service is not answering: showing the copy saved on this computer at 2:05 PM.',
    );
  });

  it('names the day of a copy saved before today, and never prints an ISO time', () => {
    const syncedAt = new Date(2026, 2, 3, 9, 0).toISOString();
    const notice = cachedCopyNotice(syncedAt, 'noNetwork', now, 'en-GB');
    expect(notice).toBe(
      'This computer is offline: showing the copy saved on this computer on 3 Mar 2026, 09:00.',
    );
    expect(notice).not.toContain(syncedAt.slice(0, 10));
  });

  it('says the service could not answer when it is reachable but failed, and copes without a time', () => {
    expect(cachedCopyNotice(null, null, now)).toBe(
      'The service could not answer just now: showing the copy saved on this computer.',
    );
  });
});

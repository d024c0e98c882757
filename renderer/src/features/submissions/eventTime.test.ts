import { describe, expect, it } from 'vitest';
import { formatEventTime } from './eventTime';

describe('formatEventTime', () => {
  const start = '2025-03-04T15:00:00.000Z';
  const end = '2025-03-04T15:30:00.000Z';

  it("shows the viewer's time and the event's own zone when they differ", () => {
    const time = formatEventTime(start, end, 'America/Chicago', {
      locale: 'en-GB',
      viewerZone: 'Europe/Oslo',
    });
    expect(time?.local).toBe('Tue, 4 Mar 2025, 16:00–16:30 (Europe/Oslo)');
    expect(time?.event).toBe('Tue, 4 Mar 2025, 09:00–09:30 (America/Chicago)');
  });

  it('shows one time when the zones match', () => {
    const time = formatEventTime(start, end, 'Europe/Oslo', {
      locale: 'en-GB',
      viewerZone: 'Europe/Oslo',
    });
    expect(time?.event).toBeNull();
  });

  it('ignores a zone it does not know and an unreadable start', () => {
    expect(
      formatEventTime(start, undefined, 'Mars/Olympus', { locale: 'en-GB', viewerZone: 'UTC' }),
    ).toEqual({
      local: 'Tue, 4 Mar 2025, 15:00 (UTC)',
      event: null,
    });
    expect(formatEventTime('soon', end, 'UTC')).toBeNull();
  });
});

/**
 * A scheduled event's time, in the viewer's zone first and the event's own zone beside it when
 * they differ ("Tue 4 Mar, 15:00–15:30" and "09:00–09:30 America/Chicago").
 */
export interface EventTime {
  local: string;
  event: string | null;
}

function safeZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

export function formatEventTime(
  startIso: string,
  endIso: string | undefined,
  eventZone: string | undefined,
  options: { locale?: string; viewerZone?: string } = {},
): EventTime | null {
  const start = new Date(startIso);
  if (Number.isNaN(start.getTime())) return null;
  const end = endIso ? new Date(endIso) : null;
  const validEnd = end && !Number.isNaN(end.getTime()) ? end : null;
  const viewerZone =
    safeZone(options.viewerZone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zone = safeZone(eventZone);

  const range = (timeZone: string, withDate: boolean) => {
    const dayFormat = new Intl.DateTimeFormat(options.locale, {
      timeZone,
      ...(withDate ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
    });
    const timeFormat = new Intl.DateTimeFormat(options.locale, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
    });
    return validEnd
      ? `${dayFormat.format(start)}–${timeFormat.format(validEnd)}`
      : dayFormat.format(start);
  };

  const local = `${range(viewerZone, true)} (${viewerZone})`;
  const event = zone && zone !== viewerZone ? `${range(zone, true)} (${zone})` : null;
  return { local, event };
}

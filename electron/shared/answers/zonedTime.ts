/**
 * Instants as a person's clock shows them, in an IANA zone: the wall time and the zone's offset
 * at that instant. Exports write times this way so a row dated the 15th in the table is dated the
 * 15th in the file.
 */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC at that instant (São Paulo is -180). */
  offsetMinutes: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** Whether the runtime knows the zone (`Europe/Berlin`, `UTC`). */
export function isKnownZone(zone: string): boolean {
  try {
    formatOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time of `ms` (epoch milliseconds) in `zone`. */
export function wallTime(ms: number, zone: string): WallTime {
  const whole = Math.floor(ms / 1000) * 1000;
  if (zone === 'UTC') {
    const d = new Date(whole);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      offsetMinutes: 0,
    };
  }
  const parts: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(whole))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const t = {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return { ...t, offsetMinutes: Math.round((asUtc - whole) / 60_000) };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `YYYY-MM-DD` of a wall time. */
export function dayOf(t: WallTime): string {
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

/** ISO 8601 with the zone's offset, to the second: `2026-11-15T12:38:48-03:00` (`Z` for UTC). */
export function isoWithOffset(t: WallTime): string {
  const offset =
    t.offsetMinutes === 0
      ? 'Z'
      : `${t.offsetMinutes < 0 ? '-' : '+'}${pad(Math.trunc(t.offsetMinutes / 60))}:${pad(t.offsetMinutes % 60)}`;
  return `${dayOf(t)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}${offset}`;
}

/** Days since 1899-12-30 of a wall time: the serial a spreadsheet's date-time cell holds. */
export function spreadsheetSerial(t: WallTime): number {
  const ms = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return ms / 86_400_000 + 25_569;
}

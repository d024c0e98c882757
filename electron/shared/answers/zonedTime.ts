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

/** Milliseconds `zone`'s clock is ahead of UTC at `ms`, as the runtime's zone data says. */
function exactOffset(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(ms))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - ms;
}

const DAY_MS = 86_400_000;
/** A zone's offset per UTC day, NaN for a day it changes in; kept small, cleared when full. */
const dayOffsets = new Map<string, number>();
const KEPT_DAYS = 20_000;

/**
 * The zone's offset at `ms`. Asking the runtime is slow and an export asks for every time it
 * writes, so a day whose first and last second share an offset is asked about once.
 */
function offsetAt(ms: number, zone: string): number {
  const day = Math.floor(ms / DAY_MS);
  const key = `${zone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const first = exactOffset(day * DAY_MS, zone);
    offset = first === exactOffset(day * DAY_MS + DAY_MS - 1000, zone) ? first : Number.NaN;
    if (dayOffsets.size >= KEPT_DAYS) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? exactOffset(ms, zone) : offset;
}

/** The wall time of `ms` (epoch milliseconds) in `zone`. */
export function wallTime(ms: number, zone: string): WallTime {
  const whole = Math.floor(ms / 1000) * 1000;
  const offset = zone === 'UTC' ? 0 : offsetAt(whole, zone);
  const d = new Date(whole + offset);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    offsetMinutes: Math.round(offset / 60_000),
  };
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

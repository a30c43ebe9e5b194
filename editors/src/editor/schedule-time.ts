// Scheduling takes instants (ISO 8601 with an offset, docs/editors-api.md); an editor picks a wall-clock
// time in their own zone. These convert between the two, as docs/scheduling.md describes: a time a
// daylight-saving change skips is refused rather than guessed, and one it repeats is the first of the two.

/** What a `<input type="datetime-local">` holds: "YYYY-MM-DDTHH:mm". */
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export type InstantResult = { ok: true; instant: Date; twice?: true } | { ok: false; reason: "invalid" | "skipped" };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time at `ms` in `timeZone`, as milliseconds of a UTC date with the same fields. */
function wallClock(ms: number, timeZone: string): number {
  const parts = formatIn(timeZone).formatToParts(ms);
  const get = (type: string): number => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
}

const DAY = 24 * 60 * 60_000;

/**
 * The instant of a wall-clock time (`"2027-02-14T07:00"`) in an IANA zone (`"Europe/Paris"`). The
 * zone's offsets a day before and a day after are tried: a time that neither makes is skipped by a
 * change; a time both make happens twice, and the earlier is taken.
 */
export function instantOf(local: string, timeZone: string): InstantResult {
  const match = LOCAL_INPUT.exec(local);
  if (!match) return { ok: false, reason: "invalid" };
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(asUtc);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59)
    return { ok: false, reason: "invalid" };
  try {
    formatIn(timeZone);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const offsets = new Set([asUtc - DAY, asUtc + DAY].map((at) => wallClock(at, timeZone) - at));
  const instants = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => wallClock(instant, timeZone) === asUtc)
    .sort((a, b) => a - b);
  if (instants.length === 0) return { ok: false, reason: "skipped" };
  const instant = new Date(instants[0]!);
  return instants.length > 1 ? { ok: true, instant, twice: true } : { ok: true, instant };
}

/** The wall-clock time of `instant` in `timeZone`, as a datetime-local input's value. */
export function localInputOf(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}

/** An instant in UTC as statuses and logs show it: "2027-02-14 06:00 UTC". */
export function utcWords(instant: Date): string {
  return `${instant.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The browser's own zone, the one the console schedules in unless the editor picks another. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

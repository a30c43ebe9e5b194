/**
 * Dates are shown in India's time zone, the company's, so the server render and the browser agree.
 *
 * India has kept one offset, UTC+5:30 with no daylight saving, since October 1945, so every date
 * from 1946 on is formatted here with plain arithmetic. Building an `Intl.DateTimeFormat` for a named
 * time zone makes the browser load its time-zone data first, a main-thread cost on every article
 * and list page before the page could answer a tap (docs/measurements.md). Older dates (none an article has) still go through `Intl`, made on first use.
 * A unit test holds the arithmetic to `Intl`'s output on random dates.
 */
export const TIME_ZONE = "Asia/Kolkata";

const OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
/** From here on, Asia/Kolkata is always UTC+5:30. */
const FIXED_OFFSET_SINCE = Date.UTC(1946, 0, 1);

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

let intlFormats: { longDate: Intl.DateTimeFormat; shortTime: Intl.DateTimeFormat } | undefined;
function intl(): NonNullable<typeof intlFormats> {
  intlFormats ??= {
    longDate: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: TIME_ZONE }),
    shortTime: new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE }),
  };
  return intlFormats;
}

/** The same wall clock in India, read through the UTC getters. */
const inIndia = (date: Date): Date => new Date(date.getTime() + OFFSET_MS);

function longDate(date: Date): string {
  if (date.getTime() < FIXED_OFFSET_SINCE) return intl().longDate.format(date);
  const local = inIndia(date);
  return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
}

function shortTime(date: Date): string {
  if (date.getTime() < FIXED_OFFSET_SINCE) return intl().shortTime.format(date);
  const local = inIndia(date);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, "0");
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** Long US format, e.g. "March 4, 2024"; "not updated yet" when there is no date. */
export function formatUpdatedDate(iso: string | null | undefined): string {
  if (!iso) return "not updated yet";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "not updated yet" : longDate(date);
}

/** A card's last-update time and date, e.g. "3:00 PM · March 4, 2024". */
export function formatLastUpdate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${shortTime(date)} · ${longDate(date)}`;
}

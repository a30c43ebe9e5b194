/** Dates are shown in India's time zone, the company's, so the server render and the browser agree. */
const TIME_ZONE = "Asia/Kolkata";

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: TIME_ZONE });
const shortTime = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE });

/** Long US format, e.g. "March 4, 2024"; "not updated yet" when there is no date. */
export function formatUpdatedDate(iso: string | null | undefined): string {
  if (!iso) return "not updated yet";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "not updated yet" : longDate.format(date);
}

/** A card's last-update time and date, e.g. "3:00 PM · March 4, 2024". */
export function formatLastUpdate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${shortTime.format(date)} · ${longDate.format(date)}`;
}

import { utcWords } from "../editor/schedule-time";

// The history of an article in words: each event of articleHistory/{id}/events (docs/editors-api.md,
// "articleHistory/{id}/events/{eventId}"), who acted and when.

interface TimestampLike {
  toDate(): Date;
}

/** An event as stored; every field read defensively. */
export interface HistoryEvent {
  action?: unknown;
  version?: unknown;
  restoredFrom?: unknown;
  reason?: unknown;
  keptPlace?: unknown;
  publishAt?: unknown;
  unpublishAt?: unknown;
}

const isTimestamp = (value: unknown): value is TimestampLike =>
  typeof value === "object" && value !== null && typeof (value as TimestampLike).toDate === "function";

/** What an event did, as a phrase: "Saved version 3", "Scheduled to go live 2027-02-14 06:00 UTC". */
export function eventWords(event: HistoryEvent): string {
  const version = typeof event.version === "number" ? event.version : null;
  switch (event.action) {
    case "saved":
      return `Saved version ${version}`;
    case "restored":
      return `Restored version ${String(event.restoredFrom)} as version ${version}`;
    case "published":
      return event.keptPlace === true
        ? `Published version ${version}, keeping its place in the blog`
        : `Published version ${version}`;
    case "unpublished": {
      const reason = typeof event.reason === "string" && event.reason ? `: ${event.reason}` : "";
      return version ? `Unpublished (version ${version})${reason}` : `Unpublished${reason}`;
    }
    case "scheduled":
      return [
        isTimestamp(event.publishAt) ? `Scheduled to go live ${utcWords(event.publishAt.toDate())}` : "",
        isTimestamp(event.unpublishAt) ? `Scheduled to come down ${utcWords(event.unpublishAt.toDate())}` : "",
      ]
        .filter(Boolean)
        .join("; ");
    case "schedule-cancelled":
      return [
        "publishAt" in event ? "Cancelled the planned publication" : "",
        "unpublishAt" in event ? "Cancelled the planned end" : "",
      ]
        .filter(Boolean)
        .join("; ");
    default:
      return `${String(event.action)}${version === null ? "" : ` (version ${version})`}`;
  }
}

/** Who acted: their email, else their uid; a version adopted from an older article names no one. */
export function actorWords(actor: { uid?: unknown; email?: unknown } | undefined): string {
  if (!actor) return "someone";
  if (typeof actor.email === "string" && actor.email) return actor.email;
  if (typeof actor.uid === "string" && actor.uid) return actor.uid;
  return "imported";
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** When, in the editor's zone, with the instant in UTC: "14 Feb 2027, 07:00 (2027-02-14 06:00 UTC)". */
export function whenWords(at: unknown, timeZone: string): string {
  if (!isTimestamp(at)) return "at a time not recorded";
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" });
    formats.set(timeZone, format);
  }
  const date = at.toDate();
  return `${format.format(date)} (${utcWords(date)})`;
}

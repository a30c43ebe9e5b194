// Tells whoever runs NOTIFY_URL (a chat tool's incoming webhook, a newsroom's own receiver) when a
// build starts, is published or fails, and which articles went live or were not published. The
// body is signed the way rebuild requests are (signRequest of @kindred/publishing), under
// NOTIFY_SECRET, and carries a plain `text` a chat tool shows as it is. A receiver that is down
// never holds up or breaks a build: the failure is logged and the build goes on.
import { signRequest } from "@kindred/publishing";
import type { Log } from "./build-record.ts";

export type NotificationType = "build.started" | "build.published" | "build.failed";

/** An article as a notification names it. */
export interface NotifiedArticle {
  id: string;
  title?: string;
  /** Live articles: their page. */
  url?: string;
  /** Articles not published: each broken rule, as "field rule". */
  reasons?: string[];
}

export interface BuildNotification {
  type: NotificationType;
  buildId: string;
  reason: string;
  /** When it happened (ISO 8601). */
  at: string;
  /** build.started: the articles the build carries; otherwise those it changed. */
  live: NotifiedArticle[];
  notPublished: NotifiedArticle[];
  /** build.started: the ids its triggers named. */
  carried?: string[];
  /** build.failed: the service's own words. */
  error?: string;
  /** The same news in one plain line or two, for chat tools. */
  text: string;
}

const MAX_NAMED = 10;

const named = (articles: NotifiedArticle[], show: (article: NotifiedArticle) => string): string => {
  const shown = articles.slice(0, MAX_NAMED).map(show);
  const more = articles.length - shown.length;
  return `${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
};

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The notification's `text`: what happened, and to which articles, in plain words. */
export function notificationText(event: Omit<BuildNotification, "text">): string {
  const head = `Build ${event.buildId} (${event.reason})`;
  if (event.type === "build.started") {
    const carried = event.carried ?? [];
    return `${head} started${carried.length > 0 ? `, carrying ${plural(carried.length, "article")}` : ""}.`;
  }
  if (event.type === "build.failed") {
    return `${head} failed: ${event.error ?? "no reason given"} The published site is unchanged.`;
  }
  const lines = [`${head} is published.`];
  if (event.live.length > 0)
    lines.push(`Live: ${named(event.live, (a) => `${a.title ?? a.id}${a.url ? ` ${a.url}` : ""}`)}`);
  if (event.notPublished.length > 0) {
    lines.push(
      `Not published: ${named(event.notPublished, (a) => `${a.title ?? a.id} (${(a.reasons ?? []).join(", ")})`)}`,
    );
  }
  return lines.join("\n");
}

/** Makes the whole event, text included. */
export const notification = (event: Omit<BuildNotification, "text">): BuildNotification => ({
  ...event,
  text: notificationText(event),
});

/**
 * POSTs `event` to `url`, signed under `secret`: X-Rebuild-Timestamp, X-Rebuild-Id and
 * X-Signature-256 over `${timestamp}.${id}.${body}`. Resolves whether the receiver answered 2xx;
 * never rejects.
 */
export async function sendNotification(
  url: string,
  secret: string,
  event: BuildNotification,
  { log = console.log, timeoutMs = 10_000 }: { log?: Log; timeoutMs?: number } = {},
): Promise<boolean> {
  const body = JSON.stringify(event);
  try {
    const response = await fetch(url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...signRequest(body, secret) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.ok) return true;
    log(`Notification ${event.type} for build ${event.buildId} refused by the receiver: HTTP ${response.status}`);
  } catch (error) {
    log(`Notification ${event.type} for build ${event.buildId} not delivered: ${(error as Error).message}`);
  }
  return false;
}

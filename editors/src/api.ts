// The editors' API as the console calls it (docs/editors-api.md): the six callables and previewLink,
// typed; refusals turned into words an editor reads; and the state an article is in. The callables are
// looked up on the default Firebase app when called, so this module can be loaded (and tested) before
// firebase.ts has started the app, and whatever emulator firebase.ts connected is the one called.
import type { DraftBlockLeftOut, DraftFields, DraftReason } from "@kindred/article";
import { getApp } from "firebase/app";
import { getFunctions, httpsCallable, type HttpsCallableResult } from "firebase/functions";

/** Where the callables run (webhook/trigger/src/articles/callables.ts). */
export const REGION = "us-central1";

/** A callable by name, with its data and result types; the SDK's answer is `{ data }`, as in the API's examples. */
function callable<Data, Result>(name: string): (data: Data) => Promise<HttpsCallableResult<Result>> {
  return (data) => httpsCallable<Data, Result>(getFunctions(getApp(), REGION), name)(data);
}

export type { DraftBlockLeftOut, DraftFields, DraftReason };

/** A new article (no id; `baseVersion` 0 or none), or the next version of one (`baseVersion` its newest). */
export const saveArticle = callable<
  DraftFields & { id?: string; baseVersion?: number },
  { id: string; version: number; blocksLeftOut: DraftBlockLeftOut[] }
>("saveArticle");
/** Puts the newest version on the site. */
export const publishArticle = callable<{ id: string; keepPlace?: boolean }, { id: string; version: number }>(
  "publishArticle",
);
/** Takes the article off the site and cancels its plans; `takenDown` says whether the page is gone already. */
export const unpublishArticle = callable<{ id: string; reason?: string }, { id: string; takenDown: boolean }>(
  "unpublishArticle",
);
/** Plans a publication or an end: ISO 8601 instants with their offset; `null` cancels; leave a key out to keep it. */
export const scheduleArticle = callable<
  { id: string; publishAt?: string | null; unpublishAt?: string | null },
  { id: string }
>("scheduleArticle");
/** Makes an earlier version the newest; the answer's `version` is the new one. */
export const restoreArticleVersion = callable<{ id: string; version: number }, { id: string; version: number }>(
  "restoreArticleVersion",
);
/** A full build of the site, a few per editor (docs/editors-api.md, requestSiteRebuild). */
export const requestSiteRebuild = callable<{ reason: string }, { buildId: string }>("requestSiteRebuild");
/** A private link to the article on the site, as its documents hold it (docs/preview.md). */
export const previewLink = callable<{ id: string }, { url: string; expiresAt: string }>("previewLink");

// ---------------------------------------------------------------------------------------------------
// Refusals in words

/** What a refusal carries besides its sentence: only these, and only when they have the right type. */
export interface ApiErrorDetails {
  /** invalid-argument: every rule of the build the article breaks. */
  reasons?: DraftReason[];
  /** failed-precondition of saveArticle: the newest version, saved since the editor's text was loaded. */
  version?: number;
  /** resource-exhausted of requestSiteRebuild: seconds until another rebuild may be asked for. */
  retryAfterSeconds?: number;
}

export interface ErrorInWords {
  /** The code without its "functions/" prefix (`failed-precondition`); Auth's keep theirs (`auth/…`). */
  code: string;
  /** A sentence an editor reads: the server's own when it wrote one, else one of ours. Never a code alone. */
  message: string;
  details: ApiErrorDetails;
}

/** Our sentence for each code, when the server gave none (or only a status name). */
const CODE_WORDS: Record<string, string> = {
  ok: "The request did not go through, though nothing reported an error. Try again.",
  cancelled: "The request was cancelled before it finished. Try again.",
  unknown: "Something went wrong, and the server did not say what. Try again.",
  "invalid-argument": "The server did not accept what the console sent. Reload the page and try again.",
  "deadline-exceeded":
    "The server took too long to answer. The change may still have been made: reload the article before trying again.",
  "not-found": "That article no longer exists. Another editor may have removed it.",
  "already-exists": "That already exists. Reload the page to see it.",
  "permission-denied": "This account is not an editor. Ask an administrator for access.",
  "resource-exhausted": "Too many requests just now. Wait a little and try again.",
  "failed-precondition": "The article changed since you opened it. Reload it and try again.",
  aborted: "The request was interrupted by another change. Try again.",
  "out-of-range": "A value was out of the range the server accepts. Check the fields and try again.",
  unimplemented: "The server does not offer this yet. Ask an administrator to deploy the latest functions.",
  internal: "Something went wrong on the server; nothing was changed. Try again.",
  unavailable: "The editors' service cannot be reached just now. Check your connection and try again in a moment.",
  "data-loss": "Some data could not be read back. Reload the page and check the article.",
  unauthenticated: "You are not signed in, or your session has ended. Sign in again.",
};

/** Sign-in (Auth) and read (Firestore) codes an editor meets, in words. */
const OTHER_WORDS: Record<string, string> = {
  "auth/invalid-credential": "Wrong email or password.",
  "auth/wrong-password": "Wrong email or password.",
  "auth/user-not-found": "Wrong email or password.",
  "auth/invalid-email": "That is not an email address.",
  "auth/missing-password": "Enter your password.",
  "auth/user-disabled": "This account has been disabled. Ask an administrator.",
  "auth/too-many-requests": "Too many attempts. Wait a few minutes, then try again.",
  "auth/network-request-failed": "The sign-in service cannot be reached. Check your connection and try again.",
  "auth/popup-closed-by-user": "The sign-in window was closed before signing in. Try again.",
  "auth/cancelled-popup-request": "The sign-in window was closed before signing in. Try again.",
  "auth/popup-blocked": "The browser blocked the sign-in window. Allow pop-ups for this site and try again.",
  "auth/unauthorized-domain": "This address may not sign in to the project. Ask an administrator to authorise it.",
  "auth/user-token-expired": "Your session has ended. Sign in again.",
  "permission-denied":
    "You are not allowed to read this. Your editor access may have been removed: sign out and in again, or ask an administrator.",
};

/** Messages that are only a code, a status name or the SDK's placeholder, not a sentence for an editor. */
function isOnlyACode(message: string, code: string): boolean {
  return (
    message === "" ||
    message.toLowerCase() === code.toLowerCase() ||
    /^[A-Z_]+$/.test(message) ||
    /^(Unauthenticated|Bad Request|Forbidden|Not Found|Internal Server Error|Service Unavailable)$/i.test(message) ||
    /^(Unknown backend error status|Backend error status):/.test(message) ||
    /^Firebase: /.test(message)
  );
}

function detailsOf(raw: unknown): ApiErrorDetails {
  if (typeof raw !== "object" || raw === null) return {};
  const { reasons, version, retryAfterSeconds } = raw as Record<string, unknown>;
  const details: ApiErrorDetails = {};
  if (Array.isArray(reasons)) details.reasons = reasons as DraftReason[];
  if (typeof version === "number") details.version = version;
  if (typeof retryAfterSeconds === "number") details.retryAfterSeconds = retryAfterSeconds;
  return details;
}

/**
 * Any error the console meets (a callable's refusal, a sign-in error, a refused read, a failed fetch) as
 * `{ code, message, details }`: the code without "functions/", a sentence an editor reads, and the details
 * a screen acts on. The server's messages are written for editors (docs/editors-api.md, Every error) and
 * are kept, less the HTTP status the SDK appends in brackets; a message that is only a code is replaced.
 */
export function errorInWords(error: unknown): ErrorInWords {
  if (typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string") {
    const {
      code: rawCode,
      message: rawMessage,
      details,
    } = error as { code: string; message?: unknown; details?: unknown };
    const code = rawCode.replace(/^functions\//, "");
    const message = (typeof rawMessage === "string" ? rawMessage : "").replace(/\s*\[\d{3}\]$/, "").trim();
    const words = isOnlyACode(message, code)
      ? (OTHER_WORDS[rawCode] ?? CODE_WORDS[code] ?? `Something went wrong (${code.replace(/[/-]/g, " ")}). Try again.`)
      : (OTHER_WORDS[rawCode] ?? message);
    return { code, message: words, details: detailsOf(details) };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { code: "unknown", message: `Something went wrong: ${text.replace(/\.$/, "")}.`, details: {} };
}

// ---------------------------------------------------------------------------------------------------
// States

/** Every state an editor sees: `draft`, and the six of `articleStatus` (docs/editors.md). */
export const ARTICLE_STATES = ["draft", "scheduled", "queued", "building", "live", "not-published", "failed"] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

/** The fields of `blogMetaData/{id}` the state depends on. */
export interface StateMeta {
  published?: unknown;
  publishAt?: unknown;
  publishedVersion?: unknown;
}

const isState = (value: unknown): value is ArticleState =>
  typeof value === "string" && value !== "draft" && (ARTICLE_STATES as readonly string[]).includes(value);

/**
 * The state of an article: what `articleStatus/{id}` says when it says one of its six states; otherwise
 * what its documents say, for an article no build or callable has given a state (the seeded samples, a
 * new draft): `live` when published, `scheduled` with a `publishAt`, `not-published` once published
 * before (`publishedVersion`), and `draft` for an article never published.
 */
export function stateOf(
  meta: StateMeta | null | undefined,
  status: { state?: unknown } | null | undefined,
): ArticleState {
  if (isState(status?.state)) return status.state;
  if (meta?.published === true) return "live";
  if (meta?.publishAt !== undefined && meta.publishAt !== null) return "scheduled";
  if (typeof meta?.publishedVersion === "number") return "not-published";
  return "draft";
}

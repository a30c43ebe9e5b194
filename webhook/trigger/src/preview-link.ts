// Callable Cloud Function: an editor asks for a private link to the preview of one article, draft or
// published. The link carries a Firebase custom token whose claims name that article and when the
// preview ends; the site's /preview route signs in with it, and firestore.rules let such a session
// read that one blogMetaData document until then, and nothing else (docs/preview.md).
import { createHash } from "node:crypto";
import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { HttpsError, onCall, type CallableRequest } from "firebase-functions/v2/https";
import { requireEditor } from "./articles/editor.ts";

/** How long a link lasts unless PREVIEW_TTL_MINUTES says otherwise. */
export const DEFAULT_PREVIEW_MINUTES = 60;
// A custom token must be exchanged within an hour of being minted, so a longer preview could not be opened.
const MAX_PREVIEW_MINUTES = 60;
// The site's own default address: gatsby-config.ts and the rebuild service (webhook/lib/config.ts)
// fall back to it when SITE_URL is unset. It is repeated, not imported: trigger/ imports nothing
// outside its folder but the workspace packages, and none of them exports it.
const DEFAULT_SITE_URL = "https://kindred.app";

// A Firestore document id: no slash, not "." or "..", not __reserved__. Custom claims hold at most
// 1,000 bytes, so the id is kept short enough to fit with the expiry.
const DOCUMENT_ID = /^(?!\.\.?$)(?!__.*__$)[^/]{1,200}$/;

export interface PreviewLink {
  url: string;
  /** When the link stops working, as an ISO 8601 time. */
  expiresAt: string;
}

/** The claims of a preview credential, as firestore.rules reads them (request.auth.token). */
export interface PreviewClaims {
  preview: string;
  /** Milliseconds since the epoch. */
  previewExpires: number;
}

// Plain environment variables (a .env file when deployed, the environment in the emulator), read
// per call: params would make the Functions emulator prompt for them or write them into the source.
function previewMinutes(): number {
  const minutes = Number(process.env.PREVIEW_TTL_MINUTES);
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= MAX_PREVIEW_MINUTES
    ? minutes
    : DEFAULT_PREVIEW_MINUTES;
}

function siteUrl(): string {
  return (process.env.PREVIEW_SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, "");
}

/** The link to the site's preview route for one article: all of it in the fragment, which no server sees. */
export function previewUrl(site: string, id: string, token: string): string {
  return `${site}/preview#${new URLSearchParams({ article: id, token }).toString()}`;
}

/**
 * The user a preview session signs in as: one per article, never the editor. Signing in as the
 * editor would add the editor's own claims (editor: true) to whoever holds the link.
 */
export function previewUid(id: string): string {
  return `preview-${createHash("sha256").update(id).digest("hex").slice(0, 40)}`;
}

function adminApp(): void {
  if (getApps().length === 0) initializeApp();
}

/** The handler, apart from onCall so tests can call it with a request of their own. */
export async function handlePreviewLink(
  request: Pick<CallableRequest<unknown>, "auth" | "data">,
): Promise<PreviewLink> {
  // As every callable of the editors' API: the claim on the account now, and an unrevoked token, so
  // an editor removed an hour ago cannot still mint links that read drafts.
  await requireEditor(request);
  const data: unknown = request.data;
  const id = typeof data === "object" && data !== null ? (data as { id?: unknown }).id : undefined;
  if (typeof id !== "string" || !DOCUMENT_ID.test(id)) {
    throw new HttpsError("invalid-argument", "Pass { id }: the id of a blogMetaData document.");
  }
  adminApp();
  const article = await getFirestore().collection("blogMetaData").doc(id).get();
  if (!article.exists) throw new HttpsError("not-found", `There is no article blogMetaData/${id}.`);

  const expires = Date.now() + previewMinutes() * 60_000;
  const claims: PreviewClaims = { preview: id, previewExpires: expires };
  const token = await getAuth().createCustomToken(previewUid(id), { ...claims });
  return { url: previewUrl(siteUrl(), id, token), expiresAt: new Date(expires).toISOString() };
}

/** `previewLink({ id })` → `{ url, expiresAt }`, for signed-in editors (custom claim editor: true). */
export const previewLink = onCall({ region: "us-central1", timeoutSeconds: 30 }, (request) =>
  handlePreviewLink(request),
);

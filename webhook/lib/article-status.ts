// The documents editors read to learn what became of their articles: `articleStatus/{blogMetaData
// id}` and `siteBuilds/{build id}`, written with server credentials (firebase-admin) and never by a
// client (firestore.rules). The shape is shared with scheduling, which writes the state `scheduled`
// with the same function; docs/editors.md is the contract.
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";

export type ArticleState = "scheduled" | "queued" | "building" | "live" | "not-published" | "failed";

/** A rule the article broke, or a warning about it, in the build log's words. */
export interface StatusReason {
  /** "blogMetaData/ID". */
  document: string;
  field: string;
  rule: string;
  message: string;
}

/** A block the build left out of the body, or cut part of. */
export interface BlockLeftOut {
  document: string;
  block: number;
  type: string;
  reason: string;
}

/** One article's state; fields a state does not carry are left out (see articleStatusData). */
export interface ArticleStatus {
  state: ArticleState;
  title?: string;
  slug?: string;
  buildId?: string;
  /** State live: the page's absolute URL. */
  url?: string;
  /** State live: when the build that published this version was published. */
  liveSince?: Date;
  /** State not-published: every rule the build found broken. */
  reasons?: StatusReason[];
  blocksLeftOut?: BlockLeftOut[];
  /** Imperfections the build published the article with (a cover refused, say). */
  warnings?: StatusReason[];
  /** State failed: the build's error in the service's words. */
  error?: string;
  publishAt?: Date;
  unpublishAt?: Date;
  scheduleError?: string;
}

// Cleared by every write that does not give them: they explain one state, and a stale reason next
// to a new state would mislead. The URL and liveSince describe what visitors see, so they stay
// while a newer version is queued, building or failed, and go when the article is not published.
const PER_WRITE = ["reasons", "blocksLeftOut", "warnings", "error"] as const;
const WHILE_PUBLISHED = ["url", "liveSince"] as const;

const stamp = (date: Date | undefined): Timestamp | undefined => (date ? Timestamp.fromDate(date) : undefined);

/** The data `writeArticleStatus` merges into the document: sentinels included, undefined left out. */
export function articleStatusData(status: ArticleStatus): Record<string, unknown> {
  const data: Record<string, unknown> = {
    ...status,
    liveSince: stamp(status.liveSince),
    publishAt: stamp(status.publishAt),
    unpublishAt: stamp(status.unpublishAt),
    updatedAt: FieldValue.serverTimestamp(),
  };
  for (const field of PER_WRITE) data[field] ??= FieldValue.delete();
  if (status.state === "not-published") for (const field of WHILE_PUBLISHED) data[field] ??= FieldValue.delete();
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  return data;
}

/**
 * Writes one article's state to `articleStatus/{id}`, merged: fields owned by other writers (the
 * schedule's `publishAt`, say) stay unless given. `updatedAt` is the server's time of the write.
 */
export async function writeArticleStatus(db: Firestore, id: string, status: ArticleStatus): Promise<void> {
  await db.collection("articleStatus").doc(id).set(articleStatusData(status), { merge: true });
}

export type SiteBuildState = "queued" | "building" | "published" | "failed";

/** One request the build carries. */
export interface SiteBuildTrigger {
  reason: string;
  at: Date;
  /** The blogMetaData ids it named. */
  documents: string[];
}

export interface SiteBuild {
  state: SiteBuildState;
  reason: string;
  triggers: SiteBuildTrigger[];
  queuedAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
  /** What the build changed for visitors; written when it ends. */
  articles?: { live: string[]; notPublished: string[]; removed: string[] };
  error?: string;
}

/** The data `writeSiteBuild` stores. */
export function siteBuildData(build: SiteBuild): Record<string, unknown> {
  const data: Record<string, unknown> = {
    ...build,
    triggers: build.triggers.map((trigger) => ({ ...trigger, at: Timestamp.fromDate(trigger.at) })),
    queuedAt: Timestamp.fromDate(build.queuedAt),
    startedAt: stamp(build.startedAt),
    finishedAt: stamp(build.finishedAt),
    updatedAt: FieldValue.serverTimestamp(),
  };
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  return data;
}

/** Writes one build's record to `siteBuilds/{id}`, whole: the service holds all of it. */
export async function writeSiteBuild(db: Firestore, id: string, build: SiteBuild): Promise<void> {
  await db.collection("siteBuilds").doc(id).set(siteBuildData(build));
}

/**
 * The Firestore the states are written to: project `projectId` with the service's credentials
 * (Application Default Credentials), or the emulator at FIRESTORE_EMULATOR_HOST (or the build's
 * GATSBY_FIRESTORE_EMULATOR_HOST). Null without a project: nothing is written.
 */
export function openStatusDatabase(projectId: string, env: NodeJS.ProcessEnv = process.env): Firestore | null {
  if (!projectId) return null;
  // firebase-admin reads the emulator's address from this variable only.
  if (!env.FIRESTORE_EMULATOR_HOST && env.GATSBY_FIRESTORE_EMULATOR_HOST)
    env.FIRESTORE_EMULATOR_HOST = env.GATSBY_FIRESTORE_EMULATOR_HOST;
  return getFirestore(initializeApp({ projectId }, `rebuild-status-${projectId}`));
}

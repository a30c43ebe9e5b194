// Each build's own record for editors, `siteBuilds/{build id}`, written with server credentials
// (firebase-admin) and never by a client (firestore.rules); docs/editors.md is the contract. The
// articles' states, `articleStatus/{id}`, have their one writer in @kindred/publishing, because the
// scheduling job writes them too.
import { FieldValue, Timestamp, type Firestore } from "firebase-admin/firestore";
import type { BuildState, Lane } from "./build-record.ts";

const stamp = (date: Date | undefined): Timestamp | undefined => (date ? Timestamp.fromDate(date) : undefined);

/** The same states as GET /status: the service has one vocabulary (build-record.ts). */
export type SiteBuildState = BuildState;

/** One request the build carries. */
export interface SiteBuildTrigger {
  reason: string;
  at: Date;
  /** The blogMetaData ids it named. */
  documents: string[];
}

export interface SiteBuild {
  state: SiteBuildState;
  /** "fast": the fast lane's release of a few re-rendered pages; "full": a `gatsby build`. */
  lane: Lane;
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

// `npm run seed -- (--emulator host:port | --project ID) [--image-base URL] [--content DIR]`
// Writes the sample content (content/blog/*.json) into Firestore: one blogMetaData document per
// article (document id = its "id") and the matching blog document (id = its "blogId"), timestamps
// as Timestamps and images as URLs under --image-base (default: SITE_URL + /blog-images/).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Timestamp } from "firebase-admin/firestore";
import { parseCommandLine, runMain } from "./lib/cli.ts";
import { firestoreBlock } from "./lib/firestore-blocks.ts";
import { PROJECT_ROOT } from "./lib/root.ts";

/** An Editor.js block as the sample files hold it. */
interface SampleBlock {
  id?: string;
  type: string;
  data?: {
    file?: { url?: string; [key: string]: unknown };
    content?: unknown;
    [key: string]: unknown;
  };
}

/** A sample article file (content/blog/*.json): Firestore's fields plus its document id. */
export interface SampleArticle {
  id: string;
  blogId: string;
  featureImage: string;
  lastUpdate: string;
  updatedOn?: string;
  content?: { blocks?: SampleBlock[]; [key: string]: unknown };
  [field: string]: unknown;
}

/** Turns a sample article into Firestore data: Timestamps for dates, absolute URLs for images. */
export function toFirestoreData(
  article: SampleArticle,
  imageBase: string,
  timestamp: typeof Timestamp,
): Record<string, unknown> {
  const absolute = (reference: string): string =>
    /^[a-z]+:/i.test(reference) ? reference : new URL(reference.replace(/^images\//, ""), imageBase).toString();
  const { id: _id, ...rest } = article;
  const blocks = (article.content?.blocks ?? []).map((block) => {
    const data = block.data;
    if (block.type === "image" && data?.file?.url) {
      return { ...block, data: { ...data, file: { ...data.file, url: absolute(data.file.url) } } };
    }
    return firestoreBlock(block);
  });
  return {
    ...rest,
    featureImage: absolute(article.featureImage),
    lastUpdate: timestamp.fromDate(new Date(article.lastUpdate)),
    ...(article.updatedOn ? { updatedOn: timestamp.fromDate(new Date(article.updatedOn)) } : {}),
    content: { ...article.content, blocks },
  };
}

export interface SeedOptions {
  /** host:port of a Firestore emulator; without it, the real project's Firestore (credentials needed). */
  emulator?: string;
  project?: string;
  /** The URL the articles' relative image paths are resolved against. */
  imageBase?: string;
  /** The folder of sample article files. Default: content/blog. */
  contentDir?: string;
}

/** Seeds every sample article; returns how many were written. */
export async function seed({
  emulator,
  project,
  imageBase,
  contentDir = path.join(PROJECT_ROOT, "content", "blog"),
}: SeedOptions): Promise<number> {
  if (!emulator && !project) throw new Error("Say where to seed: --emulator host:port or --project ID.");
  if (emulator) {
    process.env.FIRESTORE_EMULATOR_HOST = emulator;
    // The emulator needs no credentials: keep google-auth from probing the cloud metadata server.
    process.env.METADATA_SERVER_DETECTION ??= "none";
  }
  const projectId = project ?? process.env.GATSBY_FIREBASE_PROJECT_ID ?? "demo-kindred";
  const base = imageBase ?? `${(process.env.SITE_URL ?? "https://kindred.app").replace(/\/+$/, "")}/blog-images/`;
  // Loaded here, after FIRESTORE_EMULATOR_HOST is set, and only when something is seeded.
  const { initializeApp, deleteApp } = await import("firebase-admin/app");
  const { getFirestore, Timestamp } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId }, `seed-${Date.now()}`);
  try {
    const db = getFirestore(app);
    const files = readdirSync(contentDir).filter((name) => name.endsWith(".json"));
    // A batch holds at most 500 writes: two per article.
    for (let start = 0; start < files.length; start += 200) {
      const batch = db.batch();
      for (const name of files.slice(start, start + 200)) {
        const article = JSON.parse(readFileSync(path.join(contentDir, name), "utf8")) as SampleArticle;
        const data = toFirestoreData(article, base.endsWith("/") ? base : `${base}/`, Timestamp);
        batch.set(db.collection("blogMetaData").doc(article.id), data);
        batch.set(db.collection("blog").doc(article.blogId), data);
      }
      await batch.commit();
    }
    return files.length;
  } finally {
    await deleteApp(app);
  }
}

const COMMAND = {
  usage: "npm run seed -- (--emulator host:port | --project ID) [options]",
  summary: "Writes the sample articles into Firestore's blogMetaData and blog collections.",
  options: {
    emulator: { type: "string", value: "host:port", description: "Seed the Firestore emulator listening there." },
    project: {
      type: "string",
      value: "id",
      description:
        "The project id (with --emulator: default demo-kindred; alone: the real project, credentials needed).",
    },
    "image-base": {
      type: "string",
      value: "url",
      description: "Where the articles' images are served (default: $SITE_URL/blog-images/).",
    },
    content: { type: "string", value: "dir", description: "The folder of article files (default: content/blog)." },
  },
} as const;

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const count = await seed({
    emulator: values.emulator,
    project: values.project,
    imageBase: values["image-base"],
    contentDir: values.content ? path.resolve(values.content) : undefined,
  });
  console.log(
    `Seeded ${count} articles into ${values.emulator ? `the emulator at ${values.emulator}` : `project ${values.project}`}.`,
  );
}

if (import.meta.main) runMain(main);

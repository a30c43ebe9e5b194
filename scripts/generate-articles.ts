// `npm run generate:articles -- --emulator host:port [--project ID] [--count 1000] [--image-base URL]`
// Writes N generated, valid, published articles into blogMetaData (and blog), for load and build
// benchmarks. Titles, categories and bodies are varied; covers cycle through the sample images.
import { readdirSync } from "node:fs";
import path from "node:path";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { PROJECT_ROOT } from "./lib/root.ts";

const CATEGORIES = ["Dating Tips", "First Dates", "Relationships", "Online Dating", "Safety", "Self-Love", "Communication"];
const TOPICS = ["first dates", "texting", "boundaries", "video calls", "meeting family", "long walks", "honest profiles", "trust", "listening", "kindness"];

/** Cycles through a non-empty list. */
const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

export interface GeneratedArticle {
  id: string;
  data: {
    blogId: string;
    title: string;
    slug: string;
    categories: string[];
    featureImage: string;
    published: true;
    lastUpdate: Date;
    content: { time: number; version: string; blocks: { id: string; type: string; data: Record<string, unknown> }[] };
  };
}

/** One generated article, deterministic for its index. `covers` are image file names under `imageBase`. */
export function generatedArticle(index: number, imageBase: string, covers: readonly string[]): GeneratedArticle {
  const topic = pick(TOPICS, index);
  const slug = `generated-${String(index).padStart(5, "0")}-${topic.replace(/\s+/g, "-")}`;
  const categories = [pick(CATEGORIES, index), pick(CATEGORIES, index * 3 + 1)].filter((c, i, all) => all.indexOf(c) === i);
  return {
    id: `gen${String(index).padStart(17, "0")}`,
    data: {
      blogId: `genblog${String(index).padStart(13, "0")}`,
      title: `Note ${index}: a few thoughts on ${topic}`,
      slug,
      categories,
      featureImage: new URL(pick(covers, index), imageBase).toString(),
      published: true,
      lastUpdate: new Date(Date.UTC(2022, 0, 1) + index * 3_600_000),
      content: {
        time: Date.UTC(2022, 0, 1) + index * 3_600_000,
        version: "2.28.2",
        blocks: [
          { id: `h${index}`, type: "header", data: { text: `On ${topic}`, level: 2 } },
          { id: `p${index}`, type: "paragraph", data: { text: `Generated article number <b>${index}</b> about ${topic}.` } },
          { id: `l${index}`, type: "list", data: { style: "unordered", items: ["Be curious", "Be kind", "Be yourself"] } },
        ],
      },
    },
  };
}

const COMMAND = {
  usage: "npm run generate:articles -- --emulator host:port [options]",
  summary:
    "Writes N generated, published articles into a Firestore emulator's blogMetaData and blog\n" +
    "collections, for load and build benchmarks. It never writes to a real project.",
  options: {
    emulator: { type: "string", value: "host:port", description: "The Firestore emulator to write to (required)." },
    project: { type: "string", value: "id", default: "demo-kindred", description: "The project id." },
    count: { type: "string", value: "n", default: "1000", description: "How many articles to write." },
    "image-base": {
      type: "string",
      value: "url",
      default: "http://127.0.0.1:9000/blog-images/",
      description: "Where the cover images (content/blog/images/*.webp) are served.",
    },
  },
} as const;

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const emulator = values.emulator;
  if (!emulator) throw new Error("Say which emulator: --emulator host:port (this script never writes to a real project).");
  const count = integerOption(values.count, "count");
  process.env.FIRESTORE_EMULATOR_HOST = emulator;
  process.env.METADATA_SERVER_DETECTION ??= "none"; // no credential lookups outside this machine
  const covers = readdirSync(path.join(PROJECT_ROOT, "content/blog/images")).filter((f) => f.endsWith(".webp"));
  if (covers.length === 0) throw new Error("No cover images in content/blog/images.");
  // Loaded after FIRESTORE_EMULATOR_HOST is set.
  const { initializeApp, deleteApp } = await import("firebase-admin/app");
  const { getFirestore, Timestamp } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId: values.project }, `generate-${Date.now()}`);
  try {
    const db = getFirestore(app);
    // A batch holds at most 500 writes: two per article.
    for (let start = 0; start < count; start += 200) {
      const batch = db.batch();
      for (let i = start; i < Math.min(count, start + 200); i += 1) {
        const { id, data } = generatedArticle(i, values["image-base"], covers);
        const stored = { ...data, lastUpdate: Timestamp.fromDate(data.lastUpdate) };
        batch.set(db.collection("blogMetaData").doc(id), stored);
        batch.set(db.collection("blog").doc(data.blogId), stored);
      }
      await batch.commit();
    }
  } finally {
    await deleteApp(app);
  }
  console.log(`Generated ${count} articles in the emulator at ${emulator}.`);
}

if (import.meta.main) runMain(main);

// `npm run generate:articles -- --emulator host:port [--project ID] [--count 1000] [--image-base URL]
//   [--unique-covers --covers-dir DIR] [--edit INDEX]`
// Writes N generated, valid, published articles into blogMetaData (and blog), for load and build
// benchmarks. Titles, categories and bodies are varied; covers cycle through the sample images, or
// with --unique-covers each article has its own cover, drawn here with sharp. --edit changes one
// article already written (its title and first paragraph, not its lastUpdate) and prints its id.
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { PROJECT_ROOT } from "./lib/root.ts";

const CATEGORIES = [
  "Dating Tips",
  "First Dates",
  "Relationships",
  "Online Dating",
  "Safety",
  "Self-Love",
  "Communication",
];
const TOPICS = [
  "first dates",
  "texting",
  "boundaries",
  "video calls",
  "meeting family",
  "long walks",
  "honest profiles",
  "trust",
  "listening",
  "kindness",
];

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

/** The file name of article `index`'s own cover, with --unique-covers. */
export const uniqueCoverName = (index: number): string => `cover-${String(index).padStart(6, "0")}.webp`;

/** The Firestore document id of generated article `index`. */
export const generatedArticleId = (index: number): string => `gen${String(index).padStart(17, "0")}`;

/**
 * One generated article, deterministic for its index. `covers` are image file names under
 * `imageBase` used in turn, or a function naming article `index`'s cover.
 */
export function generatedArticle(
  index: number,
  imageBase: string,
  covers: readonly string[] | ((index: number) => string),
): GeneratedArticle {
  const topic = pick(TOPICS, index);
  const slug = `generated-${String(index).padStart(5, "0")}-${topic.replace(/\s+/g, "-")}`;
  const categories = [pick(CATEGORIES, index), pick(CATEGORIES, index * 3 + 1)].filter(
    (c, i, all) => all.indexOf(c) === i,
  );
  return {
    id: generatedArticleId(index),
    data: {
      blogId: `genblog${String(index).padStart(13, "0")}`,
      title: `Note ${index}: a few thoughts on ${topic}`,
      slug,
      categories,
      featureImage: new URL(typeof covers === "function" ? covers(index) : pick(covers, index), imageBase).toString(),
      published: true,
      lastUpdate: new Date(Date.UTC(2022, 0, 1) + index * 3_600_000),
      content: {
        time: Date.UTC(2022, 0, 1) + index * 3_600_000,
        version: "2.28.2",
        blocks: [
          { id: `h${index}`, type: "header", data: { text: `On ${topic}`, level: 2 } },
          {
            id: `p${index}`,
            type: "paragraph",
            data: { text: `Generated article number <b>${index}</b> about ${topic}.` },
          },
          {
            id: `l${index}`,
            type: "list",
            data: { style: "unordered", items: ["Be curious", "Be kind", "Be yourself"] },
          },
        ],
      },
    },
  };
}

/** The fields an edit of article `index` changes: the title and the first paragraph, tagged with `tag`. */
export function editedFields(
  index: number,
  tag: string,
): { title: string; content: GeneratedArticle["data"]["content"] } {
  const { data } = generatedArticle(index, "http://127.0.0.1/", ["x.webp"]);
  const blocks = data.content.blocks.map((block) =>
    block.type === "paragraph"
      ? { ...block, data: { text: `Edited (${tag}): article number <b>${index}</b>, rewritten.` } }
      : block,
  );
  return { title: `${data.title} (edited ${tag})`, content: { ...data.content, blocks } };
}

const COVER_WIDTH = 1200;
const COVER_HEIGHT = 675;

const hex = (value: number): string =>
  Math.round(Math.max(0, Math.min(255, value)))
    .toString(16)
    .padStart(2, "0");

/** A colour of the hue circle (0–360) at a fixed saturation and the given lightness (0–1). */
function hueColour(hue: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * 0.65;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [chroma, x, 0]
      : h < 2
        ? [x, chroma, 0]
        : h < 3
          ? [0, chroma, x]
          : h < 4
            ? [0, x, chroma]
            : h < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return `#${hex((r + m) * 255)}${hex((g + m) * 255)}${hex((b + m) * 255)}`;
}

/**
 * The SVG of article `index`'s own cover: a gradient and circles placed from the index, and the
 * index itself as a strip of 24 bars, so no two covers are the same picture (or the same bytes).
 */
export function uniqueCoverSvg(index: number): string {
  let state = (index + 1) * 2654435761;
  const next = (): number => {
    state = (Math.imul(state ^ (state >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    return state / 4294967296;
  };
  const hue = (index * 137.508) % 360;
  const circles = Array.from({ length: 5 }, () => {
    const r = 40 + next() * 160;
    return `<circle cx="${(next() * COVER_WIDTH).toFixed(1)}" cy="${(next() * COVER_HEIGHT).toFixed(1)}" r="${r.toFixed(1)}" fill="${hueColour(hue + 40 + next() * 120, 0.55 + next() * 0.3)}" opacity="0.7"/>`;
  }).join("");
  const bars = Array.from({ length: 24 }, (_, bit) =>
    (index >> bit) & 1
      ? `<rect x="${60 + bit * 45}" y="${COVER_HEIGHT - 70}" width="30" height="40" fill="#ffffff" opacity="0.85"/>`
      : "",
  ).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hueColour(hue, 0.85)}"/><stop offset="1" stop-color="${hueColour(hue + 60, 0.45)}"/></linearGradient></defs>` +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#g)"/>${circles}${bars}</svg>`
  );
}

/** Draws covers 0 … count-1 into `dir` as 1200×675 WebP files named by uniqueCoverName, a few at a time. */
export async function drawUniqueCovers(dir: string, count: number, concurrency = 4): Promise<void> {
  mkdirSync(dir, { recursive: true });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      await sharp(Buffer.from(uniqueCoverSvg(index)))
        .webp({ quality: 70 })
        .toFile(path.join(dir, uniqueCoverName(index)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
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
      description: "Where the cover images (content/blog/images/*.webp, or the drawn ones) are served.",
    },
    "unique-covers": {
      type: "boolean",
      description: "Give each article its own cover, drawn into --covers-dir (serve that folder at --image-base).",
    },
    "covers-dir": { type: "string", value: "dir", description: "Where --unique-covers draws the covers." },
    edit: {
      type: "string",
      value: "index",
      description:
        "Instead of writing articles, edit article <index> (title and first paragraph; lastUpdate kept) and print its id.",
    },
  },
} as const;

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const emulator = values.emulator;
  if (!emulator)
    throw new Error("Say which emulator: --emulator host:port (this script never writes to a real project).");
  const count = integerOption(values.count, "count");
  process.env.FIRESTORE_EMULATOR_HOST = emulator;
  process.env.METADATA_SERVER_DETECTION ??= "none"; // no credential lookups outside this machine
  let covers: readonly string[] | ((index: number) => string);
  if (values["unique-covers"]) {
    const dir = values["covers-dir"];
    if (!dir) throw new Error("Say where to draw the covers: --unique-covers --covers-dir <dir>.");
    if (values.edit === undefined) await drawUniqueCovers(dir, count);
    covers = uniqueCoverName;
  } else {
    covers = readdirSync(path.join(PROJECT_ROOT, "content/blog/images")).filter((f) => f.endsWith(".webp"));
    if (covers.length === 0) throw new Error("No cover images in content/blog/images.");
  }
  // Loaded after FIRESTORE_EMULATOR_HOST is set.
  const { initializeApp, deleteApp } = await import("firebase-admin/app");
  const { getFirestore, Timestamp } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId: values.project }, `generate-${Date.now()}`);
  try {
    const db = getFirestore(app);
    if (values.edit !== undefined) {
      const index = integerOption(values.edit, "edit", 0);
      const { id, data } = generatedArticle(index, values["image-base"], covers);
      const edit = editedFields(index, new Date().toISOString());
      await db.collection("blogMetaData").doc(id).update(edit);
      await db.collection("blog").doc(data.blogId).update(edit);
      console.log(id);
      return;
    }
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
  console.log(
    `Generated ${count} articles in the emulator at ${emulator}${values["unique-covers"] ? `, each with its own cover in ${values["covers-dir"]}` : ""}.`,
  );
}

if (import.meta.main) runMain(main);

// `npm run generate:articles -- --emulator host:port [--project ID] [--count 1000] [--image-base URL]`
// Writes N generated, valid, published articles into blogMetaData (and blog), for load and build
// benchmarks. Titles, categories and bodies are varied; covers cycle through the sample images.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CATEGORIES = ["Dating Tips", "First Dates", "Relationships", "Online Dating", "Safety", "Self-Love", "Communication"];
const TOPICS = ["first dates", "texting", "boundaries", "video calls", "meeting family", "long walks", "honest profiles", "trust", "listening", "kindness"];

/** One generated article, deterministic for its index. */
export function generatedArticle(index, imageBase, covers) {
  const topic = TOPICS[index % TOPICS.length];
  const slug = `generated-${String(index).padStart(5, "0")}-${topic.replace(/\s+/g, "-")}`;
  const categories = [CATEGORIES[index % CATEGORIES.length], CATEGORIES[(index * 3 + 1) % CATEGORIES.length]].filter(
    (c, i, all) => all.indexOf(c) === i,
  );
  return {
    id: `gen${String(index).padStart(17, "0")}`,
    data: {
      blogId: `genblog${String(index).padStart(13, "0")}`,
      title: `Note ${index}: a few thoughts on ${topic}`,
      slug,
      categories,
      featureImage: new URL(covers[index % covers.length], imageBase).toString(),
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

async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const emulator = option("emulator");
  if (!emulator) throw new Error("Say which emulator: --emulator host:port (this script never writes to a real project).");
  process.env.FIRESTORE_EMULATOR_HOST = emulator;
  process.env.METADATA_SERVER_DETECTION ??= "none"; // no credential lookups outside this machine
  const count = Number(option("count", "1000"));
  const imageBase = option("image-base", "http://127.0.0.1:9000/blog-images/");
  const covers = readdirSync(path.join(root, "content/blog/images")).filter((f) => f.endsWith(".webp"));
  const { initializeApp, deleteApp } = await import("firebase-admin/app");
  const { getFirestore, Timestamp } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId: option("project", "demo-kindred") }, `generate-${Date.now()}`);
  const db = getFirestore(app);
  for (let start = 0; start < count; start += 200) {
    const batch = db.batch();
    for (let i = start; i < Math.min(count, start + 200); i += 1) {
      const { id, data } = generatedArticle(i, imageBase, covers);
      const stored = { ...data, lastUpdate: Timestamp.fromDate(data.lastUpdate) };
      batch.set(db.collection("blogMetaData").doc(id), stored);
      batch.set(db.collection("blog").doc(data.blogId), stored);
    }
    await batch.commit();
  }
  await deleteApp(app);
  console.log(`Generated ${count} articles in the emulator at ${emulator}.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}

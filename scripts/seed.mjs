// `npm run seed -- [--emulator host:port | --project ID] [--image-base URL]`
// Writes the sample content (content/blog/*.json) into Firestore: one blogMetaData document per
// article (document id = its "id") and the matching blog document (id = its "blogId"), timestamps
// as Timestamps and images as URLs under --image-base (default: SITE_URL + /blog-images/).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function parseArgs(argv) {
  const args = { contentDir: path.join(root, "content", "blog") };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === "--emulator") args.emulator = value;
    else if (flag === "--project") args.project = value;
    else if (flag === "--image-base") args.imageBase = value;
    else if (flag === "--content") args.contentDir = path.resolve(value);
    else continue;
    i += 1;
  }
  return args;
}

/** Turns a sample article into Firestore data: Timestamps for dates, absolute URLs for images. */
export function toFirestoreData(article, imageBase, Timestamp) {
  const absolute = (reference) =>
    /^[a-z]+:/i.test(reference) ? reference : new URL(reference.replace(/^images\//, ""), imageBase).toString();
  const { id: _id, ...rest } = article;
  const blocks = (article.content?.blocks ?? []).map((block) => {
    if (block.type === "image" && block.data?.file?.url) {
      return { ...block, data: { ...block.data, file: { ...block.data.file, url: absolute(block.data.file.url) } } };
    }
    // Firestore cannot store an array inside an array: table rows are stored as {cells: [...]}.
    if (block.type === "table" && Array.isArray(block.data?.content)) {
      return { ...block, data: { ...block.data, content: block.data.content.map((row) => ({ cells: row })) } };
    }
    return block;
  });
  return {
    ...rest,
    featureImage: absolute(article.featureImage),
    lastUpdate: Timestamp.fromDate(new Date(article.lastUpdate)),
    ...(article.updatedOn ? { updatedOn: Timestamp.fromDate(new Date(article.updatedOn)) } : {}),
    content: { ...article.content, blocks },
  };
}

/** Seeds every sample article; returns how many were written. */
export async function seed({ emulator, project, imageBase, contentDir }) {
  if (emulator) {
    process.env.FIRESTORE_EMULATOR_HOST = emulator;
    // The emulator needs no credentials: keep google-auth from probing the cloud metadata server.
    process.env.METADATA_SERVER_DETECTION ??= "none";
  }
  const projectId = project ?? process.env.GATSBY_FIREBASE_PROJECT_ID ?? "demo-kindred";
  if (!emulator && !project) throw new Error("Say where to seed: --emulator host:port or --project ID.");
  const base = imageBase ?? `${(process.env.SITE_URL ?? "https://kindred.app").replace(/\/+$/, "")}/blog-images/`;
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
        const article = JSON.parse(readFileSync(path.join(contentDir, name), "utf8"));
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

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = parseArgs(process.argv.slice(2));
  seed(args)
    .then((count) => console.log(`Seeded ${count} articles into ${args.emulator ? `the emulator at ${args.emulator}` : `project ${args.project}`}.`))
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}

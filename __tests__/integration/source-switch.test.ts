import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { buildSite, type SiteBuild } from "../support/site-build";
import { indexedArticlesIn } from "../support/indexed-articles";

// One workspace builds the sample content, then is pointed at Firestore (the emulator), as a
// rebuild service's workspace can be: the second build must read the new source from scratch and
// publish its articles only, with nothing of the samples left in the site.
const PROJECT_ID = "source-switch-test";
const host = process.env.FIRESTORE_EMULATOR_HOST!;
const EMULATOR_SLUGS = ["only-in-firestore", "also-only-in-firestore"];

let app: App;
let db: Firestore;
let samples: SiteBuild;
let samplePages: string[] = [];
let firestore: SiteBuild;

const sampleSlugs = (): string[] =>
  readdirSync(path.resolve(__dirname, "../../content/blog"))
    .filter((name) => name.endsWith(".json"))
    .map(
      (name) =>
        JSON.parse(readFileSync(path.resolve(__dirname, "../../content/blog", name), "utf8")) as {
          slug: string;
          published: boolean;
        },
    )
    .filter((sample) => sample.published)
    .map((sample) => sample.slug);

beforeAll(async () => {
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: "DELETE" });
  app = initializeApp({ projectId: PROJECT_ID }, PROJECT_ID);
  db = getFirestore(app);
  for (const slug of EMULATOR_SLUGS) {
    await db
      .collection("blogMetaData")
      .doc(`meta-${slug}`)
      .set({
        blogId: `blog-${slug}`,
        title: `Title of ${slug}`,
        slug,
        categories: ["Dating Tips"],
        featureImage: "https://images.invalid/cover.webp",
        published: true,
        lastUpdate: Timestamp.fromDate(new Date("2025-01-01T10:00:00Z")),
        content: { blocks: [{ type: "paragraph", data: { text: `Body of ${slug}` } }] },
      });
  }
  samples = await buildSite({});
  // Read before the second build replaces the output.
  if (samples.exitCode === 0) samplePages = readdirSync(path.join(samples.publicDir, "blogarticle"));
  firestore = await buildSite(
    { GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID, GATSBY_FIRESTORE_EMULATOR_HOST: host },
    { dir: samples.dir },
  );
}, 900_000);

afterAll(async () => {
  if (app) await deleteApp(app);
});

test("the sample build succeeds first", () => {
  if (samples.exitCode !== 0) console.error(samples.output.slice(-4000));
  expect(samples.exitCode).toBe(0);
  expect(samplePages).toEqual(expect.arrayContaining(sampleSlugs()));
});

test("the build against Firestore in the same workspace notices the new source and empties Gatsby's cache", () => {
  if (firestore.exitCode !== 0) console.error(firestore.output.slice(-4000));
  expect(firestore.exitCode).toBe(0);
  expect(firestore.output).toContain("The content source changed");
  expect(firestore.output).toMatch(/deleting your site's cache/);
});

test("the site shows the emulator's articles only", () => {
  const index = indexedArticlesIn(firestore.publicDir);
  expect(index.map((entry) => entry.slug).sort()).toEqual([...EMULATOR_SLUGS].sort());
  const built = readdirSync(path.join(firestore.publicDir, "blogarticle")).filter((name) => !name.startsWith("["));
  expect(built.sort()).toEqual([...EMULATOR_SLUGS].sort());
  const list = readFileSync(path.join(firestore.publicDir, "blog", "index.html"), "utf8");
  for (const slug of sampleSlugs()) expect(list).not.toContain(`/blogarticle/${slug}"`);
  expect(existsSync(path.join(firestore.publicDir, "blog", "2", "index.html"))).toBe(false);
});

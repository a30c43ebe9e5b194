import type { ChildProcess } from "node:child_process";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { article, editorBody } from "../support/articles";
import { buildSite } from "../support/site-build";
import { freePort, startScript, stopGroup } from "../support/processes";
import { readFileSync } from "node:fs";
import path from "node:path";
import { SHOWCASE_SLUG } from "../support/editor-article";
import { firestoreBlock } from "../../scripts/lib/firestore-blocks";
import { compareBody, type SavedBlock } from "../support/compare-body";

// The fallback route (/blogarticle/<slug> for articles newer than the build) on a site built
// against a real Firestore emulator with the project's security rules: it shows an article only
// when the build would have published it, reading both the `blog` post and its `blogMetaData`.
const PROJECT_ID = "fallback-contract-e2e";

let emulator: ChildProcess | undefined;
let server: ChildProcess | undefined;
let app: App | undefined;
let db: Firestore;
let siteUrl = "";

/** An article published after the build, as its `blog` post and its `blogMetaData` both hold it. */
const fresh = (slug: string, overrides: Record<string, unknown> = {}): Record<string, unknown> =>
  article(slug, {
    blogId: `blog-${slug.slice(0, 60)}`,
    title: `Fresh: ${slug.slice(0, 40)}`,
    // Not an allowed image host: the build refuses it, so the fallback must not load it either.
    featureImage: "https://images.invalid/cover.webp",
    lastUpdate: Timestamp.now(),
    content: editorBody(`The body of ${slug.slice(0, 40)}.`),
    ...overrides,
  });

/** Writes an article after the build: its `blog` post and its `blogMetaData`, each with its own changes. */
async function publishAfterBuild(
  slug: string,
  post: Record<string, unknown> = {},
  meta: Record<string, unknown> | null = {},
): Promise<void> {
  const id = `blog-${slug.slice(0, 60)}`;
  await db.collection("blog").doc(id).set(fresh(slug, post));
  if (meta)
    await db
      .collection("blogMetaData")
      .doc(`meta-${slug.slice(0, 60)}`)
      .set(fresh(slug, meta));
}

async function expectNotFound(page: Page, slug: string): Promise<void> {
  await page.goto(`${siteUrl}/blogarticle/${encodeURIComponent(slug)}`);
  await expect(page).toHaveURL(/\/404$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops!");
}

test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const emulatorPort = await freePort();
  // The emulator script applies firestore.rules and seeds the sample articles (covers on a host
  // no build downloads from, so the build reaches nothing outside this machine).
  ({ child: emulator } = await startScript(
    "scripts/emulator.ts",
    {
      FIRESTORE_PORT: String(emulatorPort),
      GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
      SEED_IMAGE_BASE: "https://images.invalid/blog-images/",
    },
    /seeded with \d+ articles/,
  ));
  const host = `127.0.0.1:${emulatorPort}`;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  process.env.METADATA_SERVER_DETECTION = "none";
  app = initializeApp({ projectId: PROJECT_ID }, PROJECT_ID);
  db = getFirestore(app);
  const build = await buildSite({ GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID, GATSBY_FIRESTORE_EMULATOR_HOST: host });
  if (build.exitCode !== 0) throw new Error(`The build against the emulator failed:\n${build.output.slice(-3000)}`);
  const port = await freePort();
  ({ child: server } = await startScript(
    "scripts/serve.ts",
    { PORT: String(port), PUBLIC_DIR: build.publicDir },
    /Serving the production build/,
  ));
  siteUrl = `http://127.0.0.1:${port}`;
  localServices.push(siteUrl, `http://${host}`);
});

test.afterAll(async () => {
  stopGroup(server);
  stopGroup(emulator);
  if (app) await deleteApp(app);
});

const localServices: string[] = [];
test.use({ allowedOrigins: localServices });

test("an article newer than the build, valid in both collections, opens without its refused cover", async ({
  page,
}) => {
  await publishAfterBuild("valid-after-the-build");
  const coverRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("images.invalid")) coverRequests.push(request.url());
  });
  await page.goto(`${siteUrl}/blogarticle/valid-after-the-build`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fresh: valid-after-the-build", { timeout: 20_000 });
  await expect(page.getByRole("article").getByText("The body of valid-after-the-build.")).toBeVisible();
  await expect(page.getByRole("article").locator("img")).toHaveCount(0);
  expect(coverRequests).toEqual([]);
});

test("a published post whose metadata is unpublished shows the not-found page", async ({ page }) => {
  await publishAfterBuild("metadata-unpublished", {}, { published: false });
  await expectNotFound(page, "metadata-unpublished");
});

test("an article the fallback showed is not found once its metadata alone is unpublished", async ({ page }) => {
  // The post stays published: only the metadata says the article is down. The same browser, whose
  // Firestore cache still holds both documents as published, opens the address again.
  const slug = "unpublished-after-a-visit";
  await publishAfterBuild(slug);
  await page.goto(`${siteUrl}/blogarticle/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Fresh: ${slug}`, { timeout: 20_000 });
  await db.collection("blogMetaData").doc(`meta-${slug}`).update({ published: false });
  await expectNotFound(page, slug);
});

test("a published post with no metadata at all shows the not-found page", async ({ page }) => {
  await publishAfterBuild("no-metadata", {}, null);
  await expectNotFound(page, "no-metadata");
});

test("an article whose metadata has no lastUpdate shows the not-found page", async ({ page }) => {
  await publishAfterBuild("metadata-without-last-update", {}, { lastUpdate: null });
  await expectNotFound(page, "metadata-without-last-update");
});

test("an article with a slug the build refuses shows the not-found page", async ({ page }) => {
  await publishAfterBuild("Not_A_Valid_Slug");
  await expectNotFound(page, "Not_A_Valid_Slug");
});

test("an article with a slug longer than any build publishes shows the not-found page", async ({ page }) => {
  const slug = `long-${"slug-".repeat(40)}end`;
  await publishAfterBuild(slug);
  await expectNotFound(page, slug);
});

test("an article newer than the build shows every block the real editor saved, as a built page does", async ({
  page,
}) => {
  // The body e2e/editor.spec.ts checks against the real editor, published after the build.
  const sample = JSON.parse(
    readFileSync(path.resolve(__dirname, `../../content/blog/${SHOWCASE_SLUG}.json`), "utf8"),
  ) as { content: { blocks: SavedBlock[] } };
  // The image tool's and the attachment's addresses made absolute, on this machine's server, as an
  // upload's would be.
  const saved = sample.content.blocks.map((block) => {
    const file = block.data.file as { url: string } | undefined;
    return file ? { ...block, data: { ...block.data, file: { ...file, url: `${siteUrl}${file.url}` } } } : block;
  });
  const blocks = saved.map(firestoreBlock);
  const slug = "every-block-after-the-build";
  const content = { time: 1, version: "2.31.7", blocks };
  await publishAfterBuild(slug, { content }, { content });
  await page.goto(`${siteUrl}/blogarticle/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Fresh: ${slug}`, { timeout: 20_000 });
  expect(await page.evaluate(compareBody, { blocks: saved, selector: "[data-article-body]" })).toEqual([]);
  await expect(page.getByRole("checkbox", { name: "Phone charged" })).toBeChecked();
  await expect(page.locator("[data-article-body] img").first()).toHaveAttribute(
    "src",
    `${siteUrl}/blog-images/date-map.webp?w=1200&q=80`,
  );
});

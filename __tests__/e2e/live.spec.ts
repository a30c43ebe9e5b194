import type { ChildProcess } from "node:child_process";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { buildSite } from "../support/site-build";
import { freePort, startScript, stopGroup } from "../support/processes";
import { SAMPLE_IMAGES_DIR, startImageServer, type ImageServer } from "../support/image-server";
import { PAGE_TAG_HEADER, startCountingProxy, type CountingProxy } from "../support/counting-proxy";

// The site built against a real Firestore emulator, then changed in Firestore while a visitor
// reads it: the blog list updates live, and articles newer than the build open through the
// fallback route.
const PROJECT_ID = "live-e2e";

let emulator: ChildProcess;
let server: ChildProcess;
let images: ImageServer;
let proxy: CountingProxy;
let builtAt: Date;
let app: App;
let db: Firestore;
let siteUrl = "";
let imagesOrigin = "";

const newArticle = (slug: string, title: string, published = true) => ({
  blogId: `blog-${slug}`,
  title,
  slug,
  categories: ["Dating Tips"],
  featureImage: `${imagesOrigin}/dating-tips.webp`,
  published,
  lastUpdate: Timestamp.now(),
  updatedOn: Timestamp.fromDate(new Date("2025-02-03T10:00:00Z")),
  content: {
    time: 1,
    version: "2.28.2",
    blocks: [
      { type: "paragraph", data: { text: `The body of <b>${title}</b>.<script>window.__pwned = true</script>` } },
    ],
  },
});

async function publish(slug: string, title: string, published = true): Promise<void> {
  const data = newArticle(slug, title, published);
  await db.collection("blog").doc(`blog-${slug}`).set(data);
  await db.collection("blogMetaData").doc(`meta-${slug}`).set(data);
}

test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  images = await startImageServer({ dir: SAMPLE_IMAGES_DIR });
  imagesOrigin = images.url;

  const emulatorPort = await freePort();
  ({ child: emulator } = await startScript(
    "scripts/emulator.ts",
    {
      FIRESTORE_PORT: String(emulatorPort),
      GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
      SEED_IMAGE_BASE: `${imagesOrigin}/`,
    },
    /seeded with \d+ articles/,
  ));
  const host = `127.0.0.1:${emulatorPort}`;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  process.env.METADATA_SERVER_DETECTION = "none"; // firebase-admin must not probe the cloud metadata server
  app = initializeApp({ projectId: PROJECT_ID }, "live-e2e");
  db = getFirestore(app);

  // A hostile article, stored before the build like any other: the built page must neutralise it.
  await db
    .collection("blogMetaData")
    .doc("hostile")
    .set({
      ...newArticle("hostile-content", "Hostile <img src=x onerror=alert(1)> title"),
      lastUpdate: Timestamp.fromDate(new Date("2024-01-01T00:00:00Z")),
      content: {
        blocks: [
          {
            type: "paragraph",
            data: {
              text: '<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">click me</a>',
            },
          },
          { type: "header", data: { level: 2, text: '<svg onload="window.__pwned=4">Heading</svg>' } },
          {
            type: "list",
            data: {
              style: "unordered",
              items: [
                '<iframe src="javascript:window.__pwned=5"></iframe>item',
                { content: "<b onmouseover=alert(1)>nested</b>", items: [] },
              ],
            },
          },
          {
            type: "quote",
            data: {
              text: "<style>body{display:none}</style>quoted",
              caption: '<a href="data:text/html,<script>alert(1)</script>">cap</a>',
            },
          },
          {
            type: "table",
            data: {
              withHeadings: true,
              content: [
                { cells: ["<script>alert(1)</script>A", "B"] },
                { cells: ["<math><mtext><img src=x onerror=alert(1)>", "2"] },
              ],
            },
          },
          { type: "code", data: { code: "<script>window.__pwned=6</script>" } },
          { type: "image", data: { file: { url: "javascript:window.__pwned=7" }, caption: "x" } },
          {
            type: "embed",
            data: { service: "evil", source: "https://evil.example/embed", embed: "javascript:window.__pwned=8" },
          },
          { type: "mystery", data: { html: "<script>window.__pwned=9</script>" } },
        ],
      },
    });

  // The browser reaches the emulator through a proxy that counts the documents it reads.
  proxy = await startCountingProxy(host);
  builtAt = new Date();
  const build = await buildSite({
    GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
    GATSBY_FIRESTORE_EMULATOR_HOST: proxy.host,
    FIRESTORE_EMULATOR_HOST: host,
  });
  if (build.exitCode !== 0) throw new Error(`The build against the emulator failed:\n${build.output.slice(-3000)}`);
  const port = await freePort();
  ({ child: server } = await startScript(
    "scripts/serve.ts",
    { PORT: String(port), PUBLIC_DIR: build.publicDir },
    /Serving the production build/,
  ));
  siteUrl = `http://127.0.0.1:${port}`;
  localServices.push(siteUrl, proxy.origin, imagesOrigin);
});

test.afterAll(async () => {
  stopGroup(server);
  stopGroup(emulator);
  await images?.close();
  await proxy?.close();
  if (app) await deleteApp(app);
});

// The emulator and the image server are local stand-ins for Firebase and a CDN; their origins are
// added once they are known, and any other origin still fails the test.
const localServices: string[] = [];
test.use({ allowedOrigins: localServices });

test("an article added after the build appears at the top of /blog without a reload", async ({ page }) => {
  await page.goto(`${siteUrl}/blog`);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await publish("added-after-the-build", "Added after the build");
  await expect(page.getByRole("article").first()).toContainText("Added after the build", { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(page.getByRole("article")).toHaveCount(6);
});

test("an edited title changes on the page, and a draft added never appears", async ({ page }) => {
  await page.goto(`${siteUrl}/blog`);
  await waitForHydration(page);
  const first = page.getByRole("article").nth(1);
  const oldTitle = await first.getByRole("heading").innerText();
  const snapshot = await db.collection("blogMetaData").where("title", "==", oldTitle).limit(1).get();
  const doc = snapshot.docs[0]!;
  await publish("a-secret-draft", "A secret draft", false);
  await doc.ref.update({ title: "An edited title", lastUpdate: Timestamp.now() });
  await expect(page.getByRole("article").first()).toContainText("An edited title", { timeout: 20_000 });
  await expect(page.getByText(oldTitle, { exact: true })).toHaveCount(0);
  await page.getByPlaceholder("Search for your interest").fill("secret draft");
  await expect(page.getByText("No Blogs Found")).toBeVisible();
});

test("an article newer than the build opens through the fallback route after the skeleton", async ({ page }) => {
  await publish("fresh-from-the-editor", "Fresh from the editor");
  await page.goto(`${siteUrl}/blogarticle/fresh-from-the-editor`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fresh from the editor", { timeout: 20_000 });
  await expect(page.getByText("Updated: February 3, 2025")).toBeVisible();
  await expect(page.getByRole("article").getByText("The body of")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect(page.locator("article script")).toHaveCount(0);
});

test("the live card of an article newer than the build opens it through the fallback route", async ({ page }) => {
  await page.goto(`${siteUrl}/blog`);
  await waitForHydration(page);
  await publish("opened-from-its-card", "Opened from its card");
  const card = page.getByRole("article").first();
  await expect(card).toContainText("Opened from its card", { timeout: 20_000 });
  // The browser knows no list of built pages (src/gatsby-runtime/document-match-paths.ts): the missing page
  // data sends it to the server for the address, which answers with the fallback page.
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/blogarticle\/opened-from-its-card$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Opened from its card", { timeout: 20_000 });
  await expect(page.getByRole("article").getByText("The body of")).toBeVisible();
});

test("an unknown slug lands on /404", async ({ page }) => {
  await page.goto(`${siteUrl}/blogarticle/no-such-article-anywhere`);
  await expect(page).toHaveURL(/\/404$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops!");
});

test("a built article with hostile content raises no dialog and runs no script", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(`${siteUrl}/blogarticle/hostile-content`);
  await waitForHydration(page);
  const article = page.getByRole("article").first();
  await expect(article.getByText("click me")).toBeVisible();
  await article.getByText("click me").click();
  await article.getByText("nested").hover();
  await expect(article.locator("pre code")).toHaveText("<script>window.__pwned=6</script>");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const body = article.locator("[data-article-body]");
  await expect(body).toBeVisible();
  await expect(body.locator("script, iframe, svg, math, style, img, [onerror], [onload], [onmouseover]")).toHaveCount(
    0,
  );
  await expect(body.locator('a[href^="javascript:"], a[href^="data:"]')).toHaveCount(0);
  await expect(article.getByRole("link", { name: "https://evil.example/embed" })).toHaveAttribute(
    "rel",
    "noopener noreferrer nofollow",
  );
  await expect(page.locator("h1")).toHaveText("Hostile <img src=x onerror=alert(1)> title");
});

/** Tags every request `page` sends to the counting proxy, so the proxy counts that page on its own. */
async function tagForProxy(page: Page, tag: string): Promise<void> {
  await page.route(`${proxy.origin}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), [PAGE_TAG_HEADER]: tag } }),
  );
}

test("a visit to /blog reads one document per published article changed since the build, counted on the emulator", async ({
  page,
}) => {
  // Earlier tests changed articles after the build; a fresh browser context has an empty cache.
  const changed = await db
    .collection("blogMetaData")
    .where("published", "==", true)
    .where("lastUpdate", ">", Timestamp.fromDate(builtAt))
    .get();
  const newest = changed.docs
    .map((doc) => doc.data())
    .sort((a, b) => b.lastUpdate.toMillis() - a.lastUpdate.toMillis())[0]!;
  expect(changed.size).toBeGreaterThanOrEqual(2);
  await tagForProxy(page, "visit");
  await page.goto(`${siteUrl}/blog`);
  await waitForHydration(page);
  await expect(page.getByRole("article").first()).toContainText(newest.title as string, { timeout: 20_000 });
  // The emulator marks the listener's target CURRENT once it has sent the whole initial result:
  // after that signal nothing more belongs to this visit's first read.
  await expect.poll(() => proxy.targetsCurrent("visit"), { timeout: 20_000 }).toBeGreaterThan(0);
  const reads = proxy.documentsRead("visit");
  console.log(
    `Firestore documents read by one visit to /blog: ${reads} (${changed.size} published articles changed since the build, ${(await db.collection("blogMetaData").count().get()).data().count} documents in blogMetaData)`,
  );
  expect(reads).toBe(changed.size);
});

test("the subscription ends when the visitor leaves /blog: later changes reach the browser no more", async ({
  page,
  browser,
}) => {
  await tagForProxy(page, "leaver");
  await page.goto(`${siteUrl}/blog`);
  await waitForHydration(page);
  await publish("while-still-on-the-list", "While still on the list");
  await expect(page.getByRole("article").first()).toContainText("While still on the list", { timeout: 20_000 });
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  // The sixth card is an article built with the site, whose page reads nothing from Firestore.
  await page.getByRole("article").nth(5).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/blogarticle\/[a-z0-9-]+$/);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // A second visitor (another browser profile: tabs of one profile share a single Firestore stream)
  // stays on /blog. When the emulator streams the next article to that listener, it had its chance
  // to stream it to the first visitor's too, had that still been open.
  const stayerContext = await browser.newContext();
  const stayer = await stayerContext.newPage();
  await tagForProxy(stayer, "stayer");
  await stayer.goto(`${siteUrl}/blog`);
  await waitForHydration(stayer);
  await expect.poll(() => proxy.targetsCurrent("stayer"), { timeout: 20_000 }).toBeGreaterThan(0);
  const leaverBefore = proxy.documentsRead("leaver");
  const stayerBefore = proxy.documentsRead("stayer");
  await publish("after-the-visitor-left", "After the visitor left");
  await expect(stayer.getByRole("article").first()).toContainText("After the visitor left", { timeout: 20_000 });
  expect(proxy.documentsRead("stayer")).toBeGreaterThan(stayerBefore);
  expect(proxy.documentsRead("leaver") - leaverBefore).toBe(0);
  await stayerContext.close();
});

test("a search includes articles changed since the build, first, and leaves out their built copies", async ({
  page,
}) => {
  await page.goto(`${siteUrl}/blog`);
  await waitForHydration(page);
  // Once this one is on the page, the subscription has delivered every change made before it.
  await publish("search-warm-up", "Search warm-up");
  await expect(page.getByRole("article").first()).toContainText("Search warm-up", { timeout: 20_000 });
  const box = page.getByPlaceholder("Search for your interest");
  await box.fill("date");
  const status = page.getByRole("search").getByRole("status");
  await expect(status).toHaveText(/^\d+ articles found$/);
  const before = Number.parseInt((await status.innerText()).split(" ")[0]!, 10);
  await publish("searched-date-ideas", "Searched date ideas");
  await expect(page.getByRole("article").first()).toContainText("Searched date ideas", { timeout: 20_000 });
  await expect(status).toHaveText(`${before + 1} articles found`);
  // A built article retitled: its new title is found, and its old one no more.
  const built = page.getByRole("article").nth(1);
  const oldTitle = await built.getByRole("heading").innerText();
  const snapshot = await db.collection("blogMetaData").where("title", "==", oldTitle).limit(1).get();
  await snapshot.docs[0]!.ref.update({ title: "Retitled for the search", lastUpdate: Timestamp.now() });
  await box.fill(oldTitle);
  await expect(status).toHaveText("0 articles found", { timeout: 20_000 });
  await box.fill("retitled for the");
  await expect(status).toHaveText("1 article found");
  await expect(page.getByRole("article")).toHaveText([/Retitled for the search/]);
});

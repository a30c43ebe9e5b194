import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { article } from "../support/articles";
import { buildSite } from "../support/site-build";
import { freePort, startScript, stopGroup } from "../support/processes";
import { startEmulatorsCommand, type EmulatorsCommand } from "../support/emulators-command";
import { callPreviewLink, makeEditor, signIn, type EmulatorAddresses } from "../../scripts/lib/editors.ts";

// The editors' private preview, end to end: `npm run emulators -- --emulators-only` (the standalone
// Firestore emulator, the Auth and Functions emulators of firebase-tools), a real build of the site
// against them, served as Firebase Hosting would, and Chromium opening the links previewLink gives.
const PROJECT_ID = "demo-preview-e2e";
const MARK = "Preview: not published";

let emulators: EmulatorsCommand | undefined;
let server: ChildProcess;
let app: App;
let db: Firestore;
let addresses: EmulatorAddresses;
let buildDir = "";
let siteUrl = "";
let imagesOrigin = "";
const localServices: string[] = [];

/** An article with one block of each kind the editor makes, its code in a named language. */
const showcase = (slug: string, title: string, published: boolean): Record<string, unknown> =>
  article(slug, {
    title,
    categories: ["First Dates", "Safety"],
    featureImage: `${imagesOrigin}/first-dates.webp`,
    published,
    lastUpdate: Timestamp.fromDate(new Date("2025-03-04T09:30:00Z")),
    updatedOn: Timestamp.fromDate(new Date("2025-03-04T09:30:00Z")),
    content: {
      time: 1,
      version: "2.31.0",
      blocks: [
        { type: "paragraph", data: { text: `Opening of <b>${title}</b> with <a href="/blog">a link</a>.` } },
        { type: "header", data: { level: 2, text: "Before you go" } },
        {
          type: "list",
          data: { style: "ordered", items: [{ content: "Pick a place", items: [{ content: "quiet", items: [] }] }] },
        },
        { type: "code", data: { code: "const plan = { place: 'cafe', time: 7 };", language: "javascript" } },
        { type: "quote", data: { text: "Be yourself.", caption: "A friend" } },
        {
          type: "table",
          data: {
            withHeadings: true,
            content: [{ cells: ["When", "Where"] }, { cells: ["Friday", "The park"] }],
          },
        },
        { type: "delimiter", data: {} },
        { type: "image", data: { file: { url: `${imagesOrigin}/date-map.webp` }, caption: "The route" } },
      ],
    },
  });

test.describe.configure({ mode: "serial", timeout: 60_000 });
test.use({ allowedOrigins: localServices });

async function save(id: string, data: Record<string, unknown>): Promise<void> {
  await db.collection("blogMetaData").doc(id).set(data);
}

/** A fresh link to the preview of blogMetaData/`id`, asked for as an editor. */
async function linkFor(id: string): Promise<string> {
  const { idToken } = await makeEditor(addresses, "editor@example.com");
  const { answer } = await callPreviewLink(addresses, id, idToken);
  if (!("result" in answer)) throw new Error(`previewLink refused: ${JSON.stringify(answer)}`);
  return answer.result.url;
}

/** The article body's markup, once the page has drawn it. */
const bodyMarkup = (page: Page): Promise<string> =>
  page.locator("[data-article-body]").evaluate((body) => body.outerHTML);

test.beforeAll(async () => {
  test.setTimeout(420_000);
  siteUrl = `http://127.0.0.1:${await freePort()}`;
  // The editors' console too is served, on a port of its own: never the 5175 a developer's run may hold.
  emulators = await startEmulatorsCommand({
    project: PROJECT_ID,
    services: ["firestore", "auth", "functions", "editors"],
    args: ["--emulators-only", "--site-url", siteUrl],
  });
  imagesOrigin = emulators.address("Sample images");
  addresses = { projectId: PROJECT_ID, authHost: emulators.authHost, functionsHost: emulators.functionsHost };
  const { firestoreHost } = emulators;
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = addresses.authHost;
  process.env.METADATA_SERVER_DETECTION = "none"; // firebase-admin must not probe the cloud metadata server
  app = initializeApp({ projectId: PROJECT_ID }, "preview-e2e");
  db = getFirestore(app);

  // A draft, and a published twin with the same body that the build publishes.
  await save("draft", showcase("a-private-draft", "A private draft", false));
  await save("other-draft", showcase("another-draft", "Another draft", false));
  await save("twin", showcase("the-published-twin", "The published twin", true));

  const build = await buildSite({
    GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
    GATSBY_FIRESTORE_EMULATOR_HOST: firestoreHost,
    GATSBY_FIREBASE_AUTH_EMULATOR_HOST: addresses.authHost,
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    SITE_URL: siteUrl,
  });
  buildDir = build.dir;
  if (build.exitCode !== 0) throw new Error(`The build against the emulators failed:\n${build.output.slice(-3000)}`);
  ({ child: server } = await startScript(
    "scripts/serve.ts",
    { PORT: new URL(siteUrl).port, PUBLIC_DIR: build.publicDir },
    /Serving the production build/,
  ));
  localServices.push(siteUrl, `http://${firestoreHost}`, `http://${addresses.authHost}`, imagesOrigin);
});

test.afterAll(async () => {
  stopGroup(server);
  await emulators?.stop();
  if (app) await deleteApp(app);
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

test("previewLink refuses a caller without the editor claim, and gives an editor a link", async () => {
  const anonymous = await callPreviewLink(addresses, "draft");
  expect(anonymous.status).toBe(401);
  expect(anonymous.answer).toEqual({ error: expect.objectContaining({ status: "UNAUTHENTICATED" }) });
  const { idToken: readerToken } = await signIn(addresses, "reader@example.com");
  const reader = await callPreviewLink(addresses, "draft", readerToken);
  expect(reader.status).toBe(403);
  expect(reader.answer).toEqual({ error: expect.objectContaining({ status: "PERMISSION_DENIED" }) });

  const { idToken } = await makeEditor(addresses, "editor@example.com");
  const editor = await callPreviewLink(addresses, "draft", idToken);
  expect(editor.status).toBe(200);
  if (!("result" in editor.answer)) throw new Error("no result");
  expect(editor.answer.result.url).toMatch(new RegExp(`^${siteUrl}/preview#article=draft&token=`));
  // What the editors' tool gets for a request it got wrong (docs/preview.md, Calling previewLink).
  const malformed = await callPreviewLink(addresses, 42, idToken);
  expect([malformed.status, malformed.answer]).toEqual([
    400,
    { error: expect.objectContaining({ status: "INVALID_ARGUMENT" }) },
  ]);
  const missing = await callPreviewLink(addresses, "no-such-article", idToken);
  expect([missing.status, missing.answer]).toEqual([404, { error: expect.objectContaining({ status: "NOT_FOUND" }) }]);
  const lasts = Date.parse(editor.answer.result.expiresAt) - Date.now();
  expect(lasts).toBeGreaterThan(59 * 60_000);
  expect(lasts).toBeLessThanOrEqual(60 * 60_000);
});

test("the link shows the draft, marked as a preview, kept out of search engines and caches", async ({ page }) => {
  const response = await page.goto(await linkFor("draft"));
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByText(MARK)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("status").getByText("Draft saved 3:00 PM · March 4, 2025")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A private draft");
  await expect(page.getByRole("list", { name: "Categories" })).toHaveText(/#FirstDates\s*#Safety/);
  await expect(page.getByText("Updated: March 4, 2025")).toBeVisible();
  await expect(page.locator("[data-article-body] pre code .hljs-keyword").first()).toHaveText("const");
  await expect(page.getByRole("region", { name: "Similar articles you may like" }).getByRole("article")).toHaveCount(3);
});

test("a second save shows in the open preview within 3 s, without a build or a reload", async ({ page }) => {
  await page.goto(await linkFor("draft"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A private draft", { timeout: 20_000 });
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const saved = showcase("a-private-draft", "A private draft, edited", false);
  await save("draft", { ...saved, lastUpdate: Timestamp.fromDate(new Date("2025-03-05T04:30:00Z")) });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A private draft, edited", { timeout: 3000 });
  await expect(page.getByText("Draft saved 10:00 AM · March 5, 2025")).toBeVisible({ timeout: 3000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test("the preview's article body is the markup of the built page for the same content", async ({ page }) => {
  await page.goto(`${siteUrl}/blogarticle/the-published-twin`);
  await waitForHydration(page);
  const built = await bodyMarkup(page);
  await save("draft", showcase("a-private-draft", "The published twin", false));
  await page.goto(await linkFor("draft"));
  await expect(page.getByText(MARK)).toBeVisible({ timeout: 20_000 });
  // The body names its own article's slug (data-article-body), the one thing the twins do not share.
  const preview = await bodyMarkup(page);
  expect(preview).toContain('data-article-body="a-private-draft"');
  expect(preview.replace('data-article-body="a-private-draft"', 'data-article-body="the-published-twin"')).toBe(built);
});

const refusals: [string, () => Promise<string>, RegExp][] = [
  [
    "a tampered link",
    async () => (await linkFor("draft")).replace(/token=([^.]+)\.([^.]+)/, "token=$1.x$2"),
    /This preview link is not valid/,
  ],
  [
    "an expired link",
    async () => {
      // The same credential previewLink mints, but ended a second ago.
      const claims = { preview: "draft", previewExpires: Date.now() - 1000 };
      const token = await getAuth(app).createCustomToken("preview-expired", claims);
      return `${siteUrl}/preview#article=draft&token=${token}`;
    },
    /This preview link has expired/,
  ],
  [
    "a link for another article",
    async () => (await linkFor("other-draft")).replace("article=other-draft", "article=draft"),
    /This preview link is for another article/,
  ],
  ["a link without its token", async () => `${siteUrl}/preview#article=draft`, /This preview link is not valid/],
];

for (const [which, link, message] of refusals) {
  test(`${which} shows a clear message and nothing of the draft`, async ({ page }) => {
    await page.goto(await link());
    await expect(page.getByRole("status").getByText(message)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(MARK)).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText(/private draft|twin|Before you go/);
    await expect(page.locator("[data-article-body]")).toHaveCount(0);
  });
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { freePort } from "../support/processes";
import { startEmulatorsCommand, type EmulatorsCommand } from "../support/emulators-command";
import { callFunction, signIn, type EmulatorAddresses } from "../../scripts/lib/editors.ts";

// The editors' console, its first screens, against `npm run emulators -- --emulators-only` (which builds
// the console against the emulators and serves it with its own hosting rules, and makes an editor): signing
// in, the Articles list with every article and its state, live, its search, its state filter and its pages,
// and an account that is not an editor's. docs/editors-console.md.
const REPORTS = path.resolve(__dirname, "../../reports");
const PROJECT_ID = "demo-console-list";
const EDITOR = { email: "editor@example.com", password: "editor-password" };
/** Articles beyond the samples, older than all of them, so the list has a second page. */
const EXTRA = 40;

interface Sample {
  id: string;
  title: string;
  published: boolean;
}
const samples: Sample[] = readdirSync(path.resolve(__dirname, "../../content/blog"))
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(path.resolve(__dirname, "../../content/blog", name), "utf8")) as Sample);
const drafts = samples.filter((sample) => !sample.published);

let emulators: EmulatorsCommand | undefined;
let consoleUrl = "";
let addresses: EmulatorAddresses;
let app: App;
let db: Firestore;
const localServices: string[] = [];

test.describe.configure({ mode: "serial", timeout: 60_000 });
test.use({ allowedOrigins: localServices });

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto(consoleUrl);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The list as an editor reads it: each row's title and state, in order. */
const rowsOf = (page: Page): Promise<[string, string][]> =>
  page
    .getByRole("list", { name: "Articles" })
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector("h2")?.textContent ?? "",
        (item.querySelector(".state")?.textContent ?? "").replace(/^State: /, ""),
      ]),
    );

const rowOf = (page: Page, title: string) =>
  page.getByRole("list", { name: "Articles" }).getByRole("listitem").filter({ hasText: title });

/** axe's findings on the page as it is now, by rule and element. */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
}

/** Whether the page scrolls sideways. */
const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // The site is not built here: the console only needs its address, for its links.
  emulators = await startEmulatorsCommand({
    project: PROJECT_ID,
    services: ["firestore", "auth", "functions", "editors"],
    args: ["--emulators-only", "--site-url", `http://127.0.0.1:${await freePort()}`],
  });
  const { output } = emulators;
  consoleUrl = emulators.address("Editors' console");
  expect(output).toContain(`sign in as         ${EDITOR.email}, password ${EDITOR.password}`);
  const imagesOrigin = emulators.address("Sample images");
  addresses = { projectId: PROJECT_ID, authHost: emulators.authHost, functionsHost: emulators.functionsHost };
  process.env.FIRESTORE_EMULATOR_HOST = emulators.firestoreHost;
  process.env.METADATA_SERVER_DETECTION = "none";
  app = initializeApp({ projectId: PROJECT_ID }, "console-list-e2e");
  db = getFirestore(app);
  localServices.push(
    consoleUrl,
    `http://${emulators.firestoreHost}`,
    `http://${addresses.authHost}`,
    `http://${addresses.functionsHost}`,
    imagesOrigin,
  );
  // Older than every sample (2023 onwards): they come after the samples, on the second page.
  const batch = db.batch();
  for (let index = 0; index < EXTRA; index += 1) {
    const number = String(index + 1).padStart(2, "0");
    const data = {
      blogId: `extra-${number}`,
      title: index === EXTRA - 1 ? "Zebra crossings and other slow dates" : `Archived article ${number}`,
      slug: index === EXTRA - 1 ? "zebra-crossings-and-other-slow-dates" : `archived-article-${number}`,
      categories: ["Archive"],
      featureImage: `${imagesOrigin}/first-dates.webp`,
      published: true,
      lastUpdate: Timestamp.fromDate(new Date(Date.UTC(2020, 0, EXTRA - index))),
      content: { time: 1, version: "2.31.0", blocks: [{ type: "paragraph", data: { text: "Old." } }] },
    };
    batch.set(db.collection("blogMetaData").doc(`extra-${number}`), data);
  }
  await batch.commit();
});

test.afterAll(async () => {
  await emulators?.stop();
  if (app) await deleteApp(app);
});

test("the sign-in screen asks for an email and a password on the emulators, and passes axe at 390 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto(consoleUrl);
  // Served with the console's own hosting entry (firebase.json, target "editors").
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toContain("script-src 'self' https://apis.google.com;");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);

  await page.getByLabel("Email").fill(EDITOR.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
});

test("the seeded editor signs in and sees every article, drafts included, each with its state", async ({ page }) => {
  await signInAs(page, EDITOR.email, EDITOR.password);
  await expect(page.getByRole("heading", { name: "Articles", level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("status")).toHaveText("50 articles shown; more below");
  await expect(page.getByRole("list", { name: "Articles" }).getByText("checking…")).toHaveCount(0);
  const rows = await rowsOf(page);
  // The samples are the newest; the extra articles follow, up to the first page's 50.
  expect(rows.slice(0, samples.length).sort()).toEqual(
    samples.map((sample): [string, string] => [sample.title, sample.published ? "live" : "draft"]).sort(),
  );
  expect(rows.slice(samples.length)).toEqual(
    Array.from({ length: 50 - samples.length }, (_, index): [string, string] => [
      `Archived article ${String(index + 1).padStart(2, "0")}`,
      "live",
    ]),
  );
  await expect(rowOf(page, drafts[0]!.title)).toContainText("Not saved in the console yet");
  expect(await axeFindings(page)).toEqual([]);
  await expect(page.getByRole("list", { name: "Articles" }).getByText("Looking up who saved it…")).toHaveCount(0);
  await page.screenshot({ path: path.join(REPORTS, "console-list-1280.png") });

  // The second page, after the first, without a gap or a repeat.
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page.getByRole("status")).toHaveText(`${samples.length + EXTRA} articles`);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Articles" }).getByText("checking…")).toHaveCount(0);
  const all = await rowsOf(page);
  expect(new Set(all.map(([title]) => title)).size).toBe(samples.length + EXTRA);
  expect(all.at(-1)).toEqual(["Zebra crossings and other slow dates", "live"]);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await scrollsSideways(page)).toBe(false);
  expect(await axeFindings(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(REPORTS, "console-list-390.png") });
});

test("states and saves show as they happen, without a reload", async ({ page }) => {
  await signInAs(page, EDITOR.email, EDITOR.password);
  const draft = drafts[0]!;
  await expect(rowOf(page, draft.title)).toContainText("draft", { timeout: 20_000 });

  // An editor saves the draft through the API: it moves to the top, saved by them.
  const { idToken } = await signIn(addresses, EDITOR.email, EDITOR.password);
  const stored = (await db.collection("blogMetaData").doc(draft.id).get()).data()!;
  const { title, slug, categories, featureImage, content } = stored;
  const saved = await callFunction(
    addresses,
    "saveArticle",
    { id: draft.id, baseVersion: 0, title: `${title as string} (edited)`, slug, categories, featureImage, content },
    idToken,
  );
  expect(saved.status).toBe(200);
  const edited = rowOf(page, `${draft.title} (edited)`);
  await expect(edited).toContainText(`Saved by ${EDITOR.email}`);
  await expect(page.getByRole("list", { name: "Articles" }).getByRole("listitem").first()).toContainText(
    `${draft.title} (edited)`,
  );

  // A build's states, as the rebuild service writes them.
  const published = samples.find((sample) => sample.published)!;
  for (const state of ["queued", "building", "failed"]) {
    await db.collection("articleStatus").doc(published.id).set({ state, updatedAt: Timestamp.now() });
    await expect(rowOf(page, published.title).locator(".state")).toHaveText(`State: ${state}`);
  }
  await db.collection("articleStatus").doc(published.id).set({ state: "live", updatedAt: Timestamp.now() });
  await expect(rowOf(page, published.title).locator(".state")).toHaveText("State: live");
});

test("the search and the state filter narrow the list, beyond the pages loaded", async ({ page }) => {
  await signInAs(page, EDITOR.email, EDITOR.password);
  await expect(page.getByRole("status")).toHaveText("50 articles shown; more below", { timeout: 20_000 });

  const search = page.getByLabel("Search articles");
  await search.fill("monsoon");
  await expect(page.getByRole("list", { name: "Articles" }).getByRole("listitem")).toHaveText(
    samples.filter((sample) => /monsoon/i.test(sample.title)).map((sample) => new RegExp(sample.title)),
  );
  // An article on the page not loaded yet, found by Firestore from its title's beginning.
  await search.fill("zebra cross");
  await expect(page.getByRole("list", { name: "Articles" }).getByRole("listitem")).toHaveText([
    /Zebra crossings and other slow dates/,
  ]);
  await search.fill("");

  const state = page.getByLabel("State");
  await state.selectOption("draft");
  await expect(page.getByRole("list", { name: "Articles" }).getByRole("listitem")).toHaveCount(drafts.length);
  expect(new Set((await rowsOf(page)).map(([, shown]) => shown))).toEqual(new Set(["draft"]));
  await state.selectOption("failed");
  await expect(page.getByText("No article matches.")).toBeVisible();
  await db.collection("articleStatus").doc("extra-40").set({ state: "failed", updatedAt: Timestamp.now() });
  // Not on the first page: found through articleStatus.
  await expect(page.getByRole("list", { name: "Articles" }).getByRole("listitem")).toHaveText([
    /Zebra crossings and other slow dates\s*State: failed/,
  ]);
  await state.selectOption("all");
  await expect(page.getByRole("list", { name: "Articles" }).getByRole("listitem")).not.toHaveCount(drafts.length);
});

test("an article opens from the list, and a new one from its button, by keyboard", async ({ page }) => {
  await signInAs(page, EDITOR.email, EDITOR.password);
  const sample = samples.find((candidate) => candidate.published)!;
  await rowOf(page, sample.title).getByRole("link").click();
  await expect(page).toHaveURL(`${consoleUrl}/#/article/${sample.id}`);
  await page.goto(`${consoleUrl}/#/`);
  const create = page.getByRole("button", { name: "New article" });
  await create.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${consoleUrl}/#/new`);
});

test("an account without the editor claim is told so, and can sign out", async ({ page }) => {
  await signIn(addresses, "reader@example.com", "reader-password"); // signs the reader up: no claim
  await signInAs(page, "reader@example.com", "reader-password");
  await expect(page.getByText("This account is not an editor.", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Articles" })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
});

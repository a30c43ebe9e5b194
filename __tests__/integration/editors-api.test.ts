import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import {
  callFunction,
  makeEditor,
  removeEditor,
  signIn,
  type CallableAnswer,
  type EmulatorAddresses,
} from "../../scripts/lib/editors.ts";
import { startEmulatorsCommand, type EmulatorsCommand } from "../support/emulators-command";

// The editors' API as an editors' tool meets it: `npm run emulators` (the Firestore, Auth and
// Functions emulators, the rebuild service and the site it publishes, all real), the callables over
// the HTTP protocol of the Firebase client SDK, and the published site read back over HTTP.
jest.setTimeout(600_000);

const PROJECT_ID = "demo-editors-api";
let stack: EmulatorsCommand | undefined;
let addresses: EmulatorAddresses;
let siteUrl: string;
let app: App;
let db: Firestore;
let ana: { uid: string; idToken: string };

const ANA = "ana@example.com";

let firstOutput = "";

beforeAll(async () => {
  stack = await startEmulatorsCommand({ project: PROJECT_ID });
  firstOutput = stack.output;
  addresses = { projectId: PROJECT_ID, authHost: stack.authHost, functionsHost: stack.functionsHost };
  siteUrl = stack.address("Site");
  const { firestoreHost } = stack;
  // firebase-admin takes FIRESTORE_EMULATOR_HOST over any setting: point it at the stack's emulator
  // while this file runs (the integration set-up's own is restored after).
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  app = initializeApp({ projectId: PROJECT_ID }, "editors-api-test");
  db = getFirestore(app);
  ana = await makeEditor(addresses, ANA);
});

const sharedEmulator = process.env.FIRESTORE_EMULATOR_HOST;

afterAll(async () => {
  process.env.FIRESTORE_EMULATOR_HOST = sharedEmulator;
  await stack?.stop();
  if (app) await deleteApp(app);
});

/** The callable's result, or a failure naming what it answered instead. */
async function result<T>(name: string, data: unknown, idToken = ana.idToken): Promise<T> {
  const { answer } = await callFunction<T>(addresses, name, data, idToken);
  if (!("result" in answer)) throw new Error(`${name} refused: ${JSON.stringify(answer)}`);
  return answer.result;
}

/** The error a callable answers: its status name (INVALID_ARGUMENT …), message and details. */
async function refusal(name: string, data: unknown, idToken?: string) {
  const { status, answer } = await callFunction<unknown>(addresses, name, data, idToken);
  if ("result" in answer) throw new Error(`${name} was expected to refuse, and answered ${JSON.stringify(answer)}`);
  return { http: status, ...(answer as Extract<CallableAnswer<unknown>, { error: unknown }>).error };
}

let slugs = 0;
const draft = (title: string) => {
  slugs += 1;
  return {
    title,
    slug: `editors-api-${slugs}-${Date.now().toString(36)}`,
    categories: ["Dating Tips"],
    featureImage: "https://firebasestorage.googleapis.com/v0/b/demo/o/cover.webp",
    content: { time: 1, version: "2.31.0", blocks: [{ type: "paragraph", data: { text: `${title}: the body.` } }] },
  };
};

/** Polls until `check` answers something truthy, or fails with what it last saw. */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last saw ${String(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const state = async (id: string) => (await db.collection("articleStatus").doc(id).get()).data();
const pageText = async (path: string): Promise<{ status: number; text: string }> => {
  const response = await fetch(`${siteUrl}${path}`);
  return { status: response.status, text: await response.text() };
};

const CALLABLES = [
  "saveArticle",
  "publishArticle",
  "unpublishArticle",
  "scheduleArticle",
  "restoreArticleVersion",
  "requestSiteRebuild",
];

test("every callable refuses a caller who is not signed in, and one without the editor claim", async () => {
  const plain = await signIn(addresses, "visitor@example.com");
  for (const name of CALLABLES) {
    expect([name, (await refusal(name, { id: "x" })).status]).toEqual([name, "UNAUTHENTICATED"]);
    expect([name, (await refusal(name, { id: "x" }, plain.idToken)).status]).toEqual([name, "PERMISSION_DENIED"]);
  }
});

test("a save the build would skip, a stale base, an unknown article: each in its own words", async () => {
  const invalid = await refusal("saveArticle", { ...draft("Bad"), slug: "Not A Slug", title: "" }, ana.idToken);
  expect(invalid.status).toBe("INVALID_ARGUMENT");
  expect((invalid.details as { reasons: { field: string }[] }).reasons.map((reason) => reason.field)).toEqual([
    "title",
    "slug",
  ]);

  const { id } = await result<{ id: string; version: number }>("saveArticle", draft("Two tabs"));
  const tabs = await Promise.all([
    callFunction(addresses, "saveArticle", { ...draft("Tab one"), id, baseVersion: 1 }, ana.idToken),
    callFunction(addresses, "saveArticle", { ...draft("Tab two"), id, baseVersion: 1 }, ana.idToken),
  ]);
  const won = tabs.filter(({ answer }) => "result" in answer);
  const lost = tabs.flatMap(({ answer }) => ("error" in answer ? [answer.error] : []));
  expect(won).toHaveLength(1);
  expect(lost).toEqual([expect.objectContaining({ status: "FAILED_PRECONDITION", details: { version: 2 } })]);

  expect((await refusal("publishArticle", { id: "no-such-article" }, ana.idToken)).status).toBe("NOT_FOUND");
  expect((await refusal("unpublishArticle", { id }, ana.idToken)).status).toBe("FAILED_PRECONDITION");
  expect((await refusal("scheduleArticle", { id, publishAt: "tomorrow" }, ana.idToken)).status).toBe(
    "INVALID_ARGUMENT",
  );
});

test("publish, live, unpublish: the page is gone within 15 s, then restore; history says who", async () => {
  const ben = await makeEditor(addresses, "ben@example.com");
  const first = draft("Meeting somewhere public");
  const { id } = await result<{ id: string }>("saveArticle", first);
  await result("publishArticle", { id }, ben.idToken);
  const live = await until("the article to be live", async () => {
    const status = await state(id);
    return status?.state === "live" ? status : null;
  });
  expect(live.url).toBe(`${siteUrl}/blogarticle/${first.slug}`);
  expect((await pageText(`/blogarticle/${first.slug}`)).text).toContain("Meeting somewhere public: the body.");

  const asked = Date.now();
  await result("unpublishArticle", { id, reason: "A reader's safety concern" }, ben.idToken);
  const gone = await until(
    "the page and its data to be gone",
    async () => {
      const [html, data] = await Promise.all([
        pageText(`/blogarticle/${first.slug}`),
        pageText(`/page-data/blogarticle/${first.slug}/page-data.json`),
      ]);
      return !html.text.includes("the body.") && !data.text.includes("the body.") ? Date.now() - asked : null;
    },
    15_000,
  );
  expect(gone).toBeLessThan(15_000);
  expect((await pageText(`/page-data/blogarticle/${first.slug}/page-data.json`)).status).toBe(404);
  const down = await state(id);
  expect(down).toMatchObject({
    state: "not-published",
    reasons: [expect.objectContaining({ field: "published", rule: "unpublished by ben@example.com" })],
  });

  await result("saveArticle", { ...draft("A second draft"), id, baseVersion: 1 });
  expect(await result("restoreArticleVersion", { id, version: 1 }, ben.idToken)).toEqual({ id, version: 3 });
  const events = (await db.collection("articleHistory").doc(id).collection("events").orderBy("at").get()).docs.map(
    (doc) => [doc.get("action"), doc.get("by.email"), doc.get("version")],
  );
  expect(events).toEqual([
    ["saved", ANA, 1],
    ["published", "ben@example.com", 1],
    ["unpublished", "ben@example.com", 1],
    ["saved", ANA, 2],
    ["restored", "ben@example.com", 3],
  ]);
  expect((await db.collection("blogMetaData").doc(id).get()).get("title")).toBe("Meeting somewhere public");
});

test("an editor removed with make-editor --remove is refused at once, whatever token they hold", async () => {
  const cleo = await makeEditor(addresses, "cleo@example.com");
  await result("saveArticle", draft("Cleo's first"), cleo.idToken);
  await removeEditor(addresses, "cleo@example.com");
  const refused = await refusal("saveArticle", draft("Cleo's second"), cleo.idToken);
  expect(["UNAUTHENTICATED", "PERMISSION_DENIED"]).toContain(refused.status);
  const again = await signIn(addresses, "cleo@example.com");
  expect((await refusal("saveArticle", draft("Cleo's third"), again.idToken)).status).toBe("PERMISSION_DENIED");
});

test("scheduleArticle shows `scheduled` within 2 s, and the flip costs one build", async () => {
  const { id } = await result<{ id: string }>("saveArticle", draft("Scheduled for soon"));
  const publishAt = new Date(Date.now() + 20_000);
  const asked = Date.now();
  await result("scheduleArticle", { id, publishAt: publishAt.toISOString() });
  const shown = await until(
    "the scheduled state",
    async () => ((await state(id))?.state === "scheduled" ? Date.now() : null),
    2_000,
  );
  expect(shown - asked).toBeLessThanOrEqual(2_000);
  expect(((await state(id))?.publishAt as { toMillis(): number }).toMillis()).toBe(publishAt.getTime());

  await until("the scheduled article to be live", async () => (await state(id))?.state === "live");
  // Every build that carried it, from the flip on: the scheduling job's request alone, which is one full
  // build and the fast lane ahead of it (a new article goes through the lane when it can).
  const carrying = (await db.collection("siteBuilds").get()).docs.filter((doc) =>
    ((doc.get("triggers") as { documents?: string[] }[] | undefined) ?? []).some((trigger) =>
      trigger.documents?.includes(id),
    ),
  );
  const lanes = carrying.map((doc) => String(doc.get("lane"))).sort();
  expect(["full", "fast,full"]).toContain(lanes.join());
});

test("requestSiteRebuild gives a build id, and refuses past the per-editor limit", async () => {
  const dana = await makeEditor(addresses, "dana@example.com");
  expect((await refusal("requestSiteRebuild", { reason: "" }, dana.idToken)).status).toBe("INVALID_ARGUMENT");
  const ids: string[] = [];
  for (let i = 0; i < 5; i += 1)
    ids.push((await result<{ buildId: string }>("requestSiteRebuild", { reason: `fix ${i}` }, dana.idToken)).buildId);
  expect(ids.every((buildId) => /^\d{8}T\d{9}Z-[0-9a-f]+$/.test(buildId))).toBe(true);
  const limited = await refusal("requestSiteRebuild", { reason: "one more" }, dana.idToken);
  expect(limited.status).toBe("RESOURCE_EXHAUSTED");
  expect((limited.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
});

test("npm run emulators from a second clone, after the first built and published, builds and serves its own", async () => {
  // A second checkout of the same commit, with dependencies installed (here: the first's).
  const root = path.resolve(__dirname, "../..");
  const clone = mkdtempSync(path.join(tmpdir(), "kindred-second-clone-"));
  let second: EmulatorsCommand | undefined;
  try {
    execFileSync("git", ["clone", "--quiet", root, clone]);
    symlinkSync(path.join(root, "node_modules"), path.join(clone, "node_modules"), "dir");
    const started = await startEmulatorsCommand({ project: PROJECT_ID, root: clone });
    second = started;
    const publishing = (output: string) => /publishing to (\S+)/.exec(output)?.[1];
    // Its own site and builds, not the first checkout's (which held a workspace linked to the first's modules).
    expect(started.output).toMatch(/First build of the site/);
    expect(publishing(started.output)).toBeDefined();
    expect(publishing(started.output)).not.toBe(publishing(firstOutput));
    const site = started.address("Site");
    const home = await fetch(`${site}/blog`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("/blogarticle/");
  } finally {
    await second?.stop();
    rmSync(clone, { recursive: true, force: true });
  }
});

import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { buildSite, type SiteBuild } from "../support/site-build";
import { startImageServer } from "../support/image-server";
import { freePort } from "../support/processes";
import { indexedArticlesIn } from "../support/indexed-articles";
import { article } from "../support/articles";

// Seeds the real Firestore emulator with good and malformed articles, runs a real `gatsby build`
// against it, and checks what the built site contains and what the build reported.
const PROJECT_ID = "source-plugin-test";
const host = process.env.FIRESTORE_EMULATOR_HOST!;

let app: App;
let db: Firestore;
let imageServer: Awaited<ReturnType<typeof startImageServer>>;
let build: SiteBuild;

/** A valid, published document of `slug`, its cover on the test image server. */
const seed = (slug: string, overrides: Record<string, unknown> = {}) =>
  article(slug, {
    featureImage: `${imageServer.url}/cover.webp`,
    lastUpdate: Timestamp.fromDate(new Date("2024-05-01T10:00:00Z")),
    ...overrides,
  });

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? allFiles(full) : [full];
  });
}

beforeAll(async () => {
  jest.setTimeout(240_000);
  imageServer = await startImageServer({
    redirects: {
      // An allowed first address whose redirect leads to a cloud's metadata server, and one whose
      // redirect stays where the host rules allow.
      "/to-metadata.webp": "http://169.254.169.254/latest/meta-data/cover.webp",
      "/moved.webp": "/cover.webp",
    },
  });
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: "DELETE" });
  app = initializeApp({ projectId: PROJECT_ID }, "source-plugin-test");
  db = getFirestore(app);
  const documents: Record<string, Record<string, unknown>> = {
    "good-newest": seed("first-date-ideas", {
      lastUpdate: Timestamp.fromDate(new Date("2024-06-01T10:00:00Z")),
      updatedOn: Timestamp.fromDate(new Date("2024-06-02T10:00:00Z")),
    }),
    "good-no-updated-on": seed("texting-after-a-date", { categories: [] }),
    "draft-doc": seed("secret-unpublished-draft", { published: false }),
    "no-title": seed("missing-title", { title: undefined }),
    "bad-slug": seed("Bad Slug!"),
    "dup-older": seed("first-date-ideas", {
      lastUpdate: Timestamp.fromDate(new Date("2023-01-01T10:00:00Z")),
      title: "Older duplicate",
    }),
    "not-editorjs": seed("html-body", { content: "<p>raw html</p>" }),
    "bad-last-update": seed("no-date", { lastUpdate: "last tuesday" }),
    "broken-image": seed("image-is-gone", { featureImage: `${imageServer.url}/missing.webp` }),
    "redirected-image": seed("image-to-metadata", { featureImage: `${imageServer.url}/to-metadata.webp` }),
    "moved-image": seed("image-moved", { featureImage: `${imageServer.url}/moved.webp` }),
  };
  for (const [id, data] of Object.entries(documents)) {
    const clean = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
    await db.collection("blogMetaData").doc(id).set(clean);
  }
  build = await buildSite({ GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID, GATSBY_FIRESTORE_EMULATOR_HOST: host });
}, 300_000);

afterAll(async () => {
  await deleteApp(app);
  await imageServer.close();
});

const index = () => indexedArticlesIn(build.publicDir);

describe("gatsby build against the Firestore emulator", () => {
  it("succeeds despite the malformed documents", () => {
    if (build.exitCode !== 0) console.error(build.output.slice(-4000));
    expect(build.exitCode).toBe(0);
  });

  it("yields exactly the valid published articles, newest first, one per slug", () => {
    expect(index().map((entry) => [entry.id, entry.slug])).toEqual([
      ["good-newest", "first-date-ideas"],
      ["broken-image", "image-is-gone"],
      ["good-no-updated-on", "texting-after-a-date"],
      ["moved-image", "image-moved"],
      ["redirected-image", "image-to-metadata"],
    ]);
  });

  it.each([
    ["no-title", "title"],
    ["bad-slug", "slug"],
    ["dup-older", "slug"],
    ["not-editorjs", "content"],
    ["bad-last-update", "lastUpdate"],
    ["broken-image", "featureImage"],
  ])("warns about %s naming the field %s", (id, field) => {
    expect(build.output).toMatch(new RegExp(`warn.*blogMetaData/${id}: field "${field}"`));
  });

  it("says nothing about the unpublished draft and never puts it in the site", () => {
    expect(build.output).not.toContain("draft-doc");
    const leaks = allFiles(build.publicDir).filter(
      (file) => /\.(html|json)$/.test(file) && readFileSync(file, "utf8").includes("secret-unpublished-draft"),
    );
    expect(leaks).toEqual([]);
  });

  it("downloaded the cover image from the image server at build time", () => {
    expect(imageServer.requests).toContain("/cover.webp");
  });

  it("refuses a cover redirected to a private address, naming the document and field, and follows an allowed redirect", () => {
    expect(build.output).toContain(
      'blogMetaData/redirected-image: field "featureImage" was redirected to an address that points at a loopback ' +
        'or private address (got "http://169.254.169.254/latest/meta-data/cover.webp")',
    );
    expect(build.output).not.toContain("blogMetaData/moved-image");
    expect(imageServer.requests).toEqual(expect.arrayContaining(["/to-metadata.webp", "/moved.webp"]));
    // The article keeps a cover only where the redirect was allowed (its sharing image is drawn from it).
    expect(build.output).toContain("/blogarticle/image-to-metadata: no sharing image from its cover");
    expect(build.output).not.toContain("/blogarticle/image-moved: no sharing image");
  });
});

test("a build that cannot reach Firestore fails with a clear message instead of building an empty blog", async () => {
  const closedPort = await freePort();
  const unreachable = await buildSite({
    GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
    GATSBY_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${closedPort}`,
  });
  expect(unreachable.exitCode).not.toBe(0);
  expect(unreachable.output).toContain(
    `Could not read collection "blogMetaData" from Firestore project "${PROJECT_ID}" on the emulator at 127.0.0.1:${closedPort}`,
  );
}, 300_000);

import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { buildSite, type SiteBuild } from "../support/site-build";
import { startImageServer } from "../support/image-server";
import { indexedArticlesIn } from "../support/indexed-articles";
import { article } from "../support/articles";

// Builds the site against the Firestore emulator once cold, then again in the same workspace after
// each kind of change, and checks both the pages and how many documents each warm build read:
// only the changed ones, unless something disappeared, which forces a full read.
const PROJECT_ID = "incremental-sourcing-test";
const host = process.env.FIRESTORE_EMULATOR_HOST!;
/** One gatsby build takes about a minute, several on a loaded machine. */
const BUILD_TIMEOUT = 600_000;
const OLD = Timestamp.fromDate(new Date("2024-01-01T10:00:00Z"));

let app: App;
let db: Firestore;
let imageServer: Awaited<ReturnType<typeof startImageServer>>;
let workspace: string | undefined;
let last: SiteBuild;
/** When the latest build started: its sourcing records a time after this as the last sync. */
let lastBuildStart = 0;
/** When the cold build wrote /terms, a page that no article change touches. */
let termsWritten = 0;

/** A valid, published document of `slug` in `categories`, last updated long ago. */
const seed = (slug: string, categories: string[], overrides: Record<string, unknown> = {}) =>
  article(slug, { categories, featureImage: `${imageServer.url}/cover.webp`, lastUpdate: OLD, ...overrides });

const SEED: Record<string, ReturnType<typeof seed>> = {};

async function build(env: Record<string, string> = {}): Promise<SiteBuild> {
  lastBuildStart = Date.now();
  last = await buildSite(
    { GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID, GATSBY_FIRESTORE_EMULATOR_HOST: host, ...env },
    { dir: workspace },
  );
  workspace = last.dir;
  if (last.exitCode !== 0) console.error(last.output.slice(-4000));
  console.log(
    last.output
      .split("\n")
      .filter((line) =>
        /\[gatsby-source-firestore\] blogMetaData|Building static HTML|Rewriting compilation|Building HTML renderer|Scripts and the web font/.test(
          line,
        ),
      )
      .join("\n"),
  );
  expect(last.exitCode).toBe(0);
  return last;
}

/** What the build said it read: the number of documents and whether it read everything. */
function reads(output: string): { count: number; mode: string } {
  const match = /blogMetaData: (\d+) documents read from Firestore \((full|incremental)\)/.exec(output);
  if (!match) throw new Error(`the build did not say what it read:\n${output.slice(-3000)}`);
  return { count: Number(match[1]), mode: match[2]! };
}

/** How many nodes Gatsby deleted as stale after sourcing, as its progress line reports it. */
function staleNodesDeleted(output: string): number {
  const match = /Clean up stale nodes - [\d.]+s - (\d+)\//.exec(output);
  if (!match) throw new Error(`the build did not report its stale nodes:\n${output.slice(-3000)}`);
  return Number(match[1]);
}

/** The article addresses sitemap.xml lists (the sitemap reads the page nodes). */
const sitemapArticles = () =>
  [...readFileSync(path.join(last.publicDir, "sitemap.xml"), "utf8").matchAll(/\/blogarticle\/([a-z0-9-]+)<\/loc>/g)]
    .map((m) => m[1]!)
    .sort();

/** How many times the latest build reported the malformed block of filler2 (once a build is right). */
const malformedReports = () =>
  last.output.split('blogMetaData/filler2: field "content.blocks[1]" is not an Editor.js block').length - 1;

const index = () => indexedArticlesIn(last.publicDir);
const slugs = () =>
  index()
    .map((entry) => entry.slug)
    .sort();
const page = (slug: string) => path.join(last.publicDir, "blogarticle", slug, "index.html");
const termsModified = () => statSync(path.join(last.publicDir, "terms", "index.html")).mtimeMs;

/** The slugs an article page lists under "Similar articles you may like". */
function similarOn(slug: string): string[] {
  const html = readFileSync(page(slug), "utf8");
  const start = html.indexOf('id="similar-heading"');
  if (start < 0) return [];
  const section = html.slice(start, html.indexOf("</section>", start));
  return [...new Set([...section.matchAll(/\/blogarticle\/([a-z0-9-]+)/g)].map((m) => m[1]!))].sort();
}

beforeAll(async () => {
  imageServer = await startImageServer();
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: "DELETE" });
  app = initializeApp({ projectId: PROJECT_ID }, PROJECT_ID);
  db = getFirestore(app);
  Object.assign(SEED, {
    alpha: seed("alpha-article", ["Dating Tips"]),
    beta: seed("beta-article", ["Dating Tips"]),
    gamma: seed("gamma-article", ["Relationships"]),
    delta: seed("delta-article", ["Relationships"]),
    epsilon: seed("epsilon-article", ["Safety"]),
    zeta: seed("zeta-article", ["Safety"]),
    ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`filler${n}`, seed(`filler-${n}`, ["Fillers"])])),
    // Its second block is not an Editor.js block: left out, and reported by every build.
    filler2: seed("filler-2", ["Fillers"], {
      content: { time: 1, version: "2.28.2", blocks: [{ type: "paragraph", data: { text: "Body" } }, "not a block"] },
    }),
    draft: seed("secret-draft", ["Dating Tips"], { published: false }),
  });
  for (const [id, data] of Object.entries(SEED)) await db.collection("blogMetaData").doc(id).set(data);
}, 60_000);

afterAll(async () => {
  await deleteApp(app);
  await imageServer.close();
});

const articles = () => db.collection("blogMetaData");

describe("warm builds read only what changed", () => {
  test(
    "a cold build reads every published document",
    async () => {
      await build();
      expect(reads(last.output)).toEqual({ count: 12, mode: "full" });
      expect(slugs()).toHaveLength(12);
      expect(similarOn("delta-article")).toEqual(["gamma-article"]);
      expect(similarOn("epsilon-article")).toEqual(["zeta-article"]);
      expect(malformedReports()).toBe(1);
      termsWritten = termsModified();
    },
    BUILD_TIMEOUT,
  );

  test(
    "an edit, an addition, a slug change and a category change are read alone and all show",
    async () => {
      const now = Timestamp.now();
      await articles().doc("alpha").update({ title: "Alpha, edited", lastUpdate: now });
      await articles()
        .doc("eta")
        .set(seed("eta-article", ["Safety"], { lastUpdate: now }));
      await articles().doc("beta").update({ slug: "beta-renamed", lastUpdate: now });
      await articles()
        .doc("gamma")
        .update({ categories: ["Dating Tips"], lastUpdate: now });
      await build();

      expect(reads(last.output)).toEqual({ count: 4, mode: "incremental" });
      // Not read again, and still on the site without its malformed block: the build says so again.
      expect(malformedReports()).toBe(1);
      expect(index().find((entry) => entry.id === "alpha")?.title).toBe("Alpha, edited");
      expect(slugs()).toContain("eta-article");
      expect(slugs()).toContain("beta-renamed");
      expect(slugs()).not.toContain("beta-article");
      expect(existsSync(page("beta-renamed"))).toBe(true);
      expect(existsSync(page("beta-article"))).toBe(false);
      expect(slugs()).toHaveLength(13);
      // The similar lists of articles that did not change follow the ones that did.
      expect(similarOn("delta-article")).toEqual([]);
      expect(similarOn("alpha-article")).toEqual(["beta-renamed", "gamma-article"]);
      expect(similarOn("epsilon-article")).toEqual(["eta-article", "zeta-article"]);
      // The first build after a cold one leaves the pages no change touched as they were. It once
      // rewrote every page, twice over: webpack's compilation hash, which every page carries, came
      // out different from the cold build's (src/node/webpack.ts), and the app chunk, which every
      // page names, listed every article's address, so an addition or a new slug changed it
      // (src/gatsby-runtime/document-match-paths.ts).
      expect(termsModified()).toBe(termsWritten);
      // Every article shares one cover, which the edited article asks for again: same bytes, so the
      // image store encodes nothing (src/node/covers.ts) and only the two new article paths get a
      // link to its sharing image (src/node/write-og-images.ts).
      expect(last.output).toMatch(/\[image store\] 13 covers: 0 encodings made, 0 failed/);
      expect(last.output).toMatch(
        /Sharing images: 2 linked from the image store, 0 with the site's image, 13 articles in all/,
      );
      // The pages' nodes were kept through sourcing (src/node/create-pages.ts, keepPageNodes): none was
      // deleted as stale to be made again by createPages; the renamed article's old page went with
      // its page, and its node with it.
      expect(staleNodesDeleted(last.output)).toBe(0);
      expect(sitemapArticles()).toEqual(slugs());
      // The feed writes items again only for the four changed articles and keeps the other nine.
      const feed = readFileSync(path.join(last.publicDir, "rss.xml"), "utf8");
      expect(feed).toContain("<title>Alpha, edited</title>");
      expect(feed).toContain("/blogarticle/beta-renamed</guid>");
      expect(feed).not.toContain("/blogarticle/beta-article<");
      expect(feed.match(/<item>/g)).toHaveLength(13);
      expect(last.output).toMatch(/\/rss\.xml lists 13 articles \(4 items written, 9 kept\)/);
    },
    BUILD_TIMEOUT,
  );

  test(
    "an unpublished and a deleted document, invisible to the changes query, are caught by the count",
    async () => {
      await articles().doc("delta").update({ published: false, lastUpdate: Timestamp.now() });
      await articles().doc("zeta").delete();
      await build();

      expect(last.output).toMatch(/full read \(Firestore counts 11 published documents where 13 were expected\)/);
      expect(reads(last.output).mode).toBe("full");
      expect(slugs()).toHaveLength(11);
      expect(slugs()).not.toContain("delta-article");
      expect(slugs()).not.toContain("zeta-article");
      expect(existsSync(page("delta-article"))).toBe(false);
      expect(existsSync(page("zeta-article"))).toBe(false);
      expect(sitemapArticles()).toEqual(slugs());
      expect(similarOn("epsilon-article")).toEqual(["eta-article"]);
    },
    BUILD_TIMEOUT,
  );

  test(
    "an edit whose lastUpdate is older than the last sync (within the margin) is read, and an unpublish named in CHANGED_DOCUMENT_IDS needs no full read",
    async () => {
      // Written now, dated two minutes before the last build began: a writer whose clock is behind.
      const skewed = Timestamp.fromMillis(lastBuildStart - 2 * 60_000);
      await articles().doc("epsilon").update({ title: "Epsilon, from a slow clock", lastUpdate: skewed });
      await articles().doc("filler1").update({ published: false });
      await build({ CHANGED_DOCUMENT_IDS: "filler1" });

      const { count, mode } = reads(last.output);
      expect(mode).toBe("incremental");
      // Epsilon, plus at most the four documents changed a few minutes ago (inside the margin).
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(5);
      expect(index().find((entry) => entry.id === "epsilon")?.title).toBe("Epsilon, from a slow clock");
      expect(slugs()).toHaveLength(10);
      expect(slugs()).not.toContain("filler-1");
      expect(existsSync(page("filler-1"))).toBe(false);
      expect(sitemapArticles()).toEqual(slugs());
      // Naming the documents must not make Gatsby render every page again (build-request.ts): the
      // previous build ran without CHANGED_DOCUMENT_IDS, and a variable Gatsby's HTML renderer had not
      // seen re-rendered all of them.
      const rendered = Number(/Building static HTML for pages - [\d.]+s - (\d+)\//.exec(last.output)?.[1]);
      const pages = readdirSync(last.publicDir, { recursive: true }).filter(
        (file) => String(file).endsWith(".html") && !String(file).startsWith("_gatsby"),
      ).length;
      expect(rendered).toBeGreaterThan(0);
      expect(rendered).toBeLessThan(pages / 2);
    },
    BUILD_TIMEOUT,
  );

  test(
    "a change to the build's own code empties Gatsby's cache: the next build reads and renders everything",
    async () => {
      // A module gatsby-node imports, which Gatsby's own plugins hash does not cover (src/node/build-code.ts).
      const feed = path.join(workspace!, "src", "node", "feed.ts");
      appendFileSync(feed, "\n// changed by the test\n");
      await build();

      expect(last.output).toMatch(
        /The build's own code \(.*\) changed since the cache was filled: Gatsby's cache is emptied\./,
      );
      expect(reads(last.output).mode).toBe("full");
      const pages = readdirSync(last.publicDir, { recursive: true })
        .map(String)
        .filter(
          (file) => file.endsWith(".html") && !file.startsWith("_gatsby") && !file.startsWith("page-data"),
        ).length;
      expect(last.output).toContain(
        `Scripts and the web font load once the page has loaded, on ${pages} of ${pages} pages this build produced`,
      );
    },
    BUILD_TIMEOUT,
  );

  test("the compile step that saw that change lists the sources, not the built site or the downloaded covers", () => {
    // Parcel compiles gatsby-node.ts at the start of each build and lists the project's files to
    // see what changed (patches/@parcel+core+2.8.3.patch); its latest list is kept in its cache.
    const cache = path.join(workspace!, ".cache", ".parcel-cache");
    const lists = readdirSync(cache).filter((name) => name.endsWith(".txt"));
    expect(lists.length).toBeGreaterThan(0);
    const listed = lists.map((name) => readFileSync(path.join(cache, name), "utf8")).join("\n");
    const under = (folder: string) => listed.includes(`${path.join(workspace!, folder)}${path.sep}`);
    expect(under("src/node")).toBe(true);
    expect(existsSync(path.join(workspace!, ".cache", "caches"))).toBe(true);
    expect({ public: under("public"), covers: under(".cache/caches"), datastore: under(".cache/data") }).toEqual({
      public: false,
      covers: false,
      datastore: false,
    });
  });
});

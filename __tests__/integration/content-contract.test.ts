import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { buildSite, type SiteBuild } from "../support/site-build";
import { startImageServer, type ImageServer } from "../support/image-server";
import { checkOutput } from "../../webhook/lib/check-output";
import { indexedArticlesIn } from "../support/indexed-articles";
import { article, editorBody } from "../support/articles";

// A real `gatsby build` against the Firestore emulator, as a production build runs: without the
// tests' allowance for local image servers. One document nobody can publish must not stop the
// others; covers come only from allowed hosts; whatever is cut from a body is reported.
const PROJECT_ID = "content-contract-test";
const host = process.env.FIRESTORE_EMULATOR_HOST!;
const LONG_SLUG = `a-${"very-long-slug-".repeat(200)}end`;

let app: App;
let db: Firestore;
let images: ImageServer;
let build: SiteBuild;

/** A valid, published document of `slug`, its cover on a host nobody allows; a long slug keeps its texts short. */
const seed = (slug: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const name = slug.slice(0, 40);
  return article(slug, {
    blogId: `blog-${name}`,
    title: `Title of ${name}`,
    featureImage: "https://images.invalid/cover.webp",
    lastUpdate: Timestamp.fromDate(new Date("2024-05-01T10:00:00Z")),
    content: editorBody(`Body of ${name}`),
    ...overrides,
  });
};

function deepList(levels: number): unknown {
  let item: unknown = { content: "the deepest item", items: [] };
  for (let level = levels - 1; level > 0; level -= 1) item = { content: `level ${level}`, items: [item] };
  return item;
}

/** Any trace of a refused cover in the output (the page's CSP names 127.0.0.1 for the emulator). */
const refusedCovers = (): RegExp => new RegExp(`${images.url.replace(/\./g, "\\.")}/cover|169\\.254|images\\.invalid`);
const page = (slug: string): string =>
  readFileSync(path.join(build.publicDir, "blogarticle", slug, "index.html"), "utf8");
const index = () => indexedArticlesIn(build.publicDir);

beforeAll(async () => {
  images = await startImageServer();
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: "DELETE" });
  app = initializeApp({ projectId: PROJECT_ID }, PROJECT_ID);
  db = getFirestore(app);
  const documents: Record<string, Record<string, unknown>> = {
    "fine-article": seed("fine-article"),
    "three-thousand": seed(LONG_SLUG),
    "loopback-cover": seed("loopback-cover", { featureImage: `${images.url}/cover.webp` }),
    "metadata-cover": seed("metadata-cover", { featureImage: "http://169.254.169.254/latest/meta-data/cover.webp" }),
    "backslash-cover": seed("backslash-cover", { featureImage: "/\\images.invalid/cover.webp" }),
    "cut-body": seed("cut-body", {
      content: {
        blocks: [
          { type: "paragraph", data: { text: "Before the cuts." } },
          { type: "list", data: { style: "unordered", items: [deepList(7)] } },
          {
            type: "table",
            data: {
              withHeadings: false,
              content: Array.from({ length: 205 }, (_, row) => ({
                cells: Array.from({ length: 22 }, (_c, column) => `${row}:${column}`),
              })),
            },
          },
        ],
      },
    }),
  };
  for (const [id, data] of Object.entries(documents)) await db.collection("blogMetaData").doc(id).set(data);
  // As in production: no allowance for covers on this machine.
  build = await buildSite({
    GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
    GATSBY_FIRESTORE_EMULATOR_HOST: host,
    ALLOW_INSECURE_IMAGE_HOSTS: "",
  });
}, 400_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  await images?.close();
});

describe("one document the build cannot publish", () => {
  it("does not stop the build, and the published site passes the rebuild service's output check", () => {
    if (build.exitCode !== 0) console.error(build.output.slice(-4000));
    expect(build.exitCode).toBe(0);
    expect(checkOutput(build.publicDir).problems).toEqual([]);
  });

  it("is skipped with a warning naming the document and the field", () => {
    expect(build.output).toMatch(
      /warn.*blogMetaData\/three-thousand: field "slug" is \d+ characters long; at most 100 are published/,
    );
    expect(index().map((entry) => entry.id)).not.toContain("three-thousand");
    expect(index().map((entry) => entry.id)).toContain("fine-article");
  });
});

describe("cover images", () => {
  it("are never downloaded from this machine", () => {
    expect(images.requests).toEqual([]);
  });

  it.each(["loopback-cover", "metadata-cover", "backslash-cover", "fine-article"])(
    "from a host that is not allowed (%s) are refused with a warning, and the article is built without one",
    (id) => {
      expect(build.output).toMatch(
        new RegExp(`warn.*blogMetaData/${id}: field "featureImage" .*without a cover image`),
      );
      const html = page(id);
      expect(html).toContain(`Title of ${id}`);
      expect(html).not.toMatch(refusedCovers());
      expect(index().find((entry) => entry.id === id)?.image).toBe("");
    },
  );

  it("leave the cards of the blog list complete without them", () => {
    const list = readFileSync(path.join(build.publicDir, "blog", "index.html"), "utf8");
    for (const id of ["loopback-cover", "metadata-cover", "backslash-cover", "fine-article", "cut-body"])
      expect(list).toContain(`href="/blogarticle/${id}"`);
    expect(list).not.toMatch(refusedCovers());
  });
});

describe("a body too large to show whole", () => {
  it("is cut with a warning naming the document, the block index and its type", () => {
    expect(build.output).toMatch(
      /warn.*blogMetaData\/cut-body: .*block 1 \(list\): items nested deeper than 5 levels were left out/,
    );
    expect(build.output).toMatch(
      /warn.*blogMetaData\/cut-body: .*block 2 \(table\): a table of 205 rows and up to 22 columns was cut to 200 × 20/,
    );
    expect(existsSync(path.join(build.publicDir, "blogarticle", "cut-body", "index.html"))).toBe(true);
    expect(page("cut-body")).toContain("level 5");
    expect(page("cut-body")).not.toContain("level 6");
  });
});

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { buildSite, copyProject, gatsbyEnv, GATSBY_BIN } from "../support/site-build";
import { freePort, stopGroup } from "../support/processes";
import { article, editorBody } from "../support/articles";

// `gatsby develop` against the emulator, as an editor runs it: GraphiQL shows the described schema,
// and a change in Firestore shows after POST /__refresh without a restart. Plus a build with no
// articles at all.
const PROJECT_ID = "refresh-test";
const host = process.env.FIRESTORE_EMULATOR_HOST!;
let app: App;
let db: Firestore;
let develop: ChildProcess | null = null;
let baseUrl = "";
let output = "";

async function graphql<T>(query: string): Promise<T> {
  const response = await fetch(`${baseUrl}/___graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Timed out waiting for ${what}: ${String(lastError)}\n${output.slice(-3000)}`);
}

const titles = async (): Promise<string[]> =>
  (
    await graphql<{ allBlogPost: { nodes: { title: string }[] } }>(
      "{ allBlogPost(sort: {title: ASC}) { nodes { title } } }",
    )
  ).allBlogPost.nodes.map((n) => n.title);

/** A valid, published document of `slug` titled `title`, its cover never reachable. */
const seed = (slug: string, title: string) =>
  article(slug, {
    title,
    featureImage: "http://127.0.0.1:9/unreachable.webp",
    lastUpdate: Timestamp.fromDate(new Date("2024-05-01T10:00:00Z")),
    content: editorBody("Body"),
  });

beforeAll(async () => {
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: "DELETE" });
  app = initializeApp({ projectId: PROJECT_ID }, "refresh-test");
  db = getFirestore(app);
  await db.collection("blogMetaData").doc("a").set(seed("first-article", "The first title"));
  await db.collection("blogMetaData").doc("b").set(seed("second-article", "The second title"));

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  develop = spawn(GATSBY_BIN, ["develop", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: copyProject(),
    env: gatsbyEnv({
      GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
      GATSBY_FIRESTORE_EMULATOR_HOST: host,
      ENABLE_GATSBY_REFRESH_ENDPOINT: "true",
    }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  develop.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20000)));
  develop.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20000)));
  await until(
    async () => ((await titles()).length === 2 ? true : undefined),
    240_000,
    "gatsby develop to serve GraphQL",
  );
}, 300_000);

afterAll(async () => {
  stopGroup(develop);
  await deleteApp(app);
});

describe("gatsby develop against the emulator", () => {
  it("GraphiQL shows BlogPost with a description on the type and on every field", async () => {
    const { __type } = await graphql<{
      __type: { description: string; fields: { name: string; description: string | null }[] };
    }>('{ __type(name: "BlogPost") { description fields { name description } } }');
    expect(__type.description).toMatch(/published blog article/i);
    const ours = __type.fields.filter((f) => !["id", "parent", "children", "internal"].includes(f.name));
    expect(ours.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        "documentId",
        "blogId",
        "title",
        "slug",
        "categories",
        "featureImageUrl",
        "featureImage",
        "published",
        "lastUpdate",
        "updatedOn",
        "content",
      ]),
    );
    for (const field of ours)
      expect([field.name, field.description]).toEqual([field.name, expect.stringMatching(/\w{3,}/)]);
  });

  it("shows an edited, added and unpublished document after POST /__refresh", async () => {
    await db.collection("blogMetaData").doc("a").update({ title: "An edited title" });
    await db.collection("blogMetaData").doc("c").set(seed("third-article", "A new article"));
    await db.collection("blogMetaData").doc("b").update({ published: false });
    const refreshed = await fetch(`${baseUrl}/__refresh`, { method: "POST" });
    expect(refreshed.ok).toBe(true);
    let now: string[] = [];
    const after = await until(
      async () => {
        now = await titles();
        return now.includes("An edited title") && now.includes("A new article") && !now.includes("The second title")
          ? now
          : undefined;
      },
      120_000,
      "the refreshed titles",
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nTitles at the end: ${JSON.stringify(now)}`);
    });
    expect(after).toEqual(["A new article", "An edited title"]);
  }, 180_000);
});

describe("a build with no articles", () => {
  it('succeeds and shows "No Blogs Found" on /blog', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "no-articles-"));
    const build = await buildSite({}, { contentDir: empty });
    if (build.exitCode !== 0) console.error(build.output.slice(-3000));
    expect(build.exitCode).toBe(0);
    const html = readFileSync(path.join(build.publicDir, "blog", "index.html"), "utf8");
    expect(html).toContain("No Blogs Found");
    expect(html).toContain("Total Pages: <!-- -->1");
  }, 240_000);
});

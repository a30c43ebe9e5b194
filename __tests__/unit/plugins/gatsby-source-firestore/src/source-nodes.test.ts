/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Node, NodePluginArgs } from "gatsby";
import { readReport, reportFileIn, REPORT_DIR_VARIABLE } from "@kindred/publishing";
import {
  remoteImageResolver,
  type NormalizeContext,
} from "../../../../../plugins/gatsby-source-firestore/src/normalize";
import type { FirestoreSourceOptions } from "../../../../../plugins/gatsby-source-firestore/src/plugin-options";
import {
  acceptBlogPosts,
  normalizeContext,
  sourceNodes,
} from "../../../../../plugins/gatsby-source-firestore/src/source-nodes";
import { article } from "../../../../support/articles";

const OWNER = "gatsby-source-firestore";

let dir: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "source-nodes-"));
  env = { [REPORT_DIR_VARIABLE]: path.join(dir, "report") };
});
afterEach(() => {
  delete process.env[REPORT_DIR_VARIABLE];
  rmSync(dir, { recursive: true, force: true });
});

/** Writes sample articles (`<id>.json`, the id inside) and a cover image into a content folder. */
function sampleContent(documents: Record<string, Record<string, unknown>>): string {
  const content = path.join(dir, "content");
  mkdirSync(path.join(content, "images"), { recursive: true });
  writeFileSync(path.join(content, "images", "cover.webp"), "cover bytes");
  for (const [id, data] of Object.entries(documents))
    writeFileSync(path.join(content, `${id}.json`), JSON.stringify({ id, ...data }));
  return content;
}

/** A sample article, its cover a file of the sample content. */
const sample = (slug: string, overrides: Record<string, unknown> = {}) =>
  article(slug, { featureImage: "images/cover.webp", ...overrides });

/** Gatsby's side of sourcing, with a node store that keeps what the plugin creates and deletes. */
function gatsby(existing: Node[] = []) {
  const nodes = new Map(existing.map((node) => [node.id, node]));
  const log = { warn: [] as string[], info: [] as string[], panic: [] as string[], status: [] as unknown[] };
  const args = {
    reporter: {
      warn: (line: string) => log.warn.push(line),
      info: (line: string) => log.info.push(line),
      panicOnBuild: (line: string) => log.panic.push(line),
    },
    actions: {
      enableStatefulSourceNodes: () => undefined,
      setPluginStatus: (status: unknown) => log.status.push(status),
      createNode: (node: Node) => {
        nodes.set(node.id, { ...node, internal: { ...node.internal, owner: OWNER } });
        return Promise.resolve();
      },
      deleteNode: (node: Node) => nodes.delete(node.id),
    },
    createNodeId: (key: string) => `id(${key})`,
    createContentDigest: (value: unknown) => `digest of ${(value as { documentId?: string }).documentId}`,
    getNodesByType: (type: string) => [...nodes.values()].filter((node) => node.internal.type === type),
    store: { getState: () => ({ status: { plugins: {} } }) },
  } as unknown as NodePluginArgs;
  return { args, nodes, log };
}

const localOptions = (content: string, more: Partial<FirestoreSourceOptions> = {}) =>
  ({
    localContentDir: content,
    types: [{ type: "BlogPost", collection: "blogMetaData" }],
    firebaseConfig: {},
    plugins: [],
    ...more,
  }) as unknown as FirestoreSourceOptions;

async function source(args: NodePluginArgs, options: FirestoreSourceOptions): Promise<void> {
  await sourceNodes!(args as never, options as never, () => undefined);
}

describe("sourceNodes, on the sample content", () => {
  it("creates one BlogPost node per valid published article, its body finished and its images served from the site", async () => {
    const content = sampleContent({
      first: sample("first-date-ideas", {
        content: { blocks: [{ type: "image", data: { file: { url: "images/cover.webp" } } }] },
      }),
      second: sample("texting-after-a-date"),
      draft: sample("secret-draft", { published: false }),
    });
    const { args, nodes, log } = gatsby();
    await source(args, localOptions(content));

    expect([...nodes.keys()].sort()).toEqual(["id(BlogPost >>> first)", "id(BlogPost >>> second)"]);
    const first = nodes.get("id(BlogPost >>> first)") as unknown as Record<string, unknown>;
    expect(first).toMatchObject({
      documentId: "first",
      slug: "first-date-ideas",
      title: "Title of first-date-ideas",
      featureImageUrl: "/blog-images/cover.webp",
      featureImageSource: { kind: "file", path: path.join(content, "images", "cover.webp") },
      parent: null,
      children: [],
      internal: { type: "BlogPost", contentDigest: "digest of first" },
    });
    expect(first.safeBlocks).toEqual([expect.objectContaining({ type: "image", url: "/blog-images/cover.webp" })]);
    expect(log.info).toContain(`[gatsby-source-firestore] 2 published articles from the sample content in ${content}`);
    expect(log.warn).toEqual([]);
  });

  it("deletes its own nodes that no document gives any more, and never another plugin's", async () => {
    const content = sampleContent({ kept: sample("kept-article") });
    const stale = { id: "id(BlogPost >>> gone)", internal: { type: "BlogPost", owner: OWNER } } as Node;
    const foreign = {
      id: "someone-else",
      leftOutBlocks: [],
      internal: { type: "BlogPost", owner: "gatsby-plugin-other" },
    } as unknown as Node;
    const { args, nodes } = gatsby([stale, foreign]);
    await source(args, localOptions(content));
    expect([...nodes.keys()].sort()).toEqual(["id(BlogPost >>> kept)", "someone-else"]);
  });

  it("keeps the newest article of a slug and warns, naming the document, that the other is skipped", async () => {
    const content = sampleContent({
      older: sample("same-slug", { lastUpdate: "2024-01-01T00:00:00.000Z" }),
      newer: sample("same-slug", { lastUpdate: "2024-06-01T00:00:00.000Z" }),
    });
    const { args, nodes, log } = gatsby();
    await source(args, localOptions(content));
    expect([...nodes.keys()]).toEqual(["id(BlogPost >>> newer)"]);
    expect(log.warn).toEqual([
      '[gatsby-source-firestore] blogMetaData/older: field "slug" "same-slug" is also used by the newer document newer; this one is left out; the document is skipped.',
    ]);
  });

  it("maps each document through the type's `map` before checking it", async () => {
    const content = sampleContent({ mapped: sample("mapped-article", { title: undefined, headline: "From map" }) });
    const { args, nodes } = gatsby();
    const map = (data: Record<string, unknown>) => ({ ...data, title: data.headline });
    await source(args, localOptions(content, { types: [{ type: "BlogPost", collection: "blogMetaData", map }] }));
    expect(nodes.get("id(BlogPost >>> mapped)")).toMatchObject({ title: "From map" });
  });

  it("gives another type no nodes from the sample content, and deletes the ones it made before", async () => {
    const content = sampleContent({ a: sample("an-article") });
    const old = { id: "id(Category >>> tips)", internal: { type: "Category", owner: OWNER } } as Node;
    const { args, nodes } = gatsby([old]);
    await source(args, localOptions(content, { types: [{ type: "Category", collection: "categories" }] }));
    expect([...nodes.keys()]).toEqual([]);
  });

  it("stops the build naming the collection and the source when reading fails", async () => {
    const content = sampleContent({ a: sample("an-article") });
    const { args, log } = gatsby();
    const map = () => {
      throw new Error("the disk is gone");
    };
    await source(args, localOptions(content, { types: [{ type: "BlogPost", collection: "blogMetaData", map }] }));
    expect(log.panic).toEqual([
      `[gatsby-source-firestore] Could not read collection "blogMetaData" from the sample content in ${content}: the disk is gone`,
    ]);
  });

  it("records the source it read, for the next build's cache check", async () => {
    const { args, log } = gatsby();
    await source(args, localOptions(sampleContent({})));
    expect(log.status).toContainEqual({ sourceIdentity: JSON.stringify({ source: "local" }) });
  });

  it("logs each block an article's body left out, once sourcing is done", async () => {
    const content = sampleContent({
      odd: sample("odd-blocks", { content: { blocks: [{ type: "weird", data: {} }] } }),
    });
    const { args, log } = gatsby();
    await source(args, localOptions(content));
    expect(log.warn).toEqual(['blogMetaData/odd: field "content" block 0: unknown block type "weird"; left out.']);
  });
});

describe("what the build logs and what the report says", () => {
  it("the source plugin reports each refused article with the very line it warns in the build log", async () => {
    const content = path.join(dir, "content");
    mkdirSync(content);
    const document = (slug: string) =>
      article(slug, {
        title: `Title ${slug}`,
        lastUpdate: "2026-01-01T00:00:00.000Z",
        content: { time: 1, blocks: [{ type: "paragraph", data: { text: "Hi" } }, "not a block"] },
      });
    writeFileSync(path.join(content, "good.json"), JSON.stringify({ id: "good", ...document("good-one") }));
    writeFileSync(path.join(content, "bad.json"), JSON.stringify({ id: "bad", ...document("Bad Slug") }));
    process.env[REPORT_DIR_VARIABLE] = env[REPORT_DIR_VARIABLE];
    const warnings: string[] = [];
    const args = {
      reporter: { warn: (line: string) => warnings.push(line), info: () => undefined, panicOnBuild: jest.fn() },
      actions: {
        enableStatefulSourceNodes: () => undefined,
        setPluginStatus: () => undefined,
        createNode: () => undefined,
        deleteNode: () => undefined,
      },
      createNodeId: (key: string) => key,
      createContentDigest: () => "digest",
      getNodesByType: () => [],
      store: { getState: () => ({ status: { plugins: {} } }) },
    } as unknown as NodePluginArgs;
    await sourceNodes!(
      args as never,
      {
        localContentDir: content,
        types: [{ type: "BlogPost", collection: "blogMetaData" }],
        firebaseConfig: {},
        plugins: [],
      } as never,
      () => undefined,
    );

    const report = readReport(reportFileIn(env[REPORT_DIR_VARIABLE]!));
    const refusal = report.refused.get("bad")![0]!;
    expect(refusal).toMatchObject({ document: "blogMetaData/bad", field: "slug" });
    expect(warnings).toContain(refusal.message);
    const block = report.blocks.get("good")![0]!;
    expect(block).toMatchObject({ block: 1 });
    expect(warnings.some((line) => line.includes('"content.blocks[1]"'))).toBe(true);
    expect([...report.articles!.values()]).toEqual([
      { id: "good", slug: "good-one", title: "Title good-one", lastUpdate: "2026-01-01T00:00:00.000Z" },
    ]);
  });
});

describe("acceptBlogPosts", () => {
  const context: NormalizeContext = {
    resolveImage: remoteImageResolver({ hosts: ["images.example"], allowInsecure: false }),
  };

  it("keeps the other articles when one document is skipped", () => {
    const warnings: string[] = [];
    const kept = acceptBlogPosts(
      [
        { id: "fine", data: article("plan-a-relaxed-first-date") },
        { id: "too-long", data: article(`a-${"b".repeat(2998)}`) },
      ],
      context,
      (problem, skipped) => warnings.push(`${problem.id}/${problem.field}/${skipped}`),
    );
    expect(kept.map((post) => post.documentId)).toEqual(["fine"]);
    expect(warnings).toEqual(["too-long/slug/true"]);
  });

  it("tells the caller which documents lost their slug to a newer one", () => {
    const duplicates: string[] = [];
    const kept = acceptBlogPosts(
      [
        { id: "old", data: article("shared", { lastUpdate: "2024-01-01T00:00:00.000Z" }) },
        { id: "new", data: article("shared", { lastUpdate: "2024-02-01T00:00:00.000Z" }) },
      ],
      context,
      () => undefined,
      (id) => duplicates.push(id),
    );
    expect(kept.map((post) => post.documentId)).toEqual(["new"]);
    expect(duplicates).toEqual(["old"]);
  });
});

describe("normalizeContext", () => {
  it("serves the sample content's images from the site, and refuses a path outside its images folder", () => {
    const content = sampleContent({});
    const context = normalizeContext(localOptions(content));
    expect(context.resolveImage("images/cover.webp")).toEqual({
      kind: "file",
      path: path.join(content, "images", "cover.webp"),
      publicUrl: "/blog-images/cover.webp",
    });
    expect(context.contentImageUrl!("images/cover.webp")).toBe("/blog-images/cover.webp");
    expect(typeof context.resolveImage("../secrets.json")).toBe("string");
  });

  it("takes covers from Firestore's articles by URL only, from the project's storage", () => {
    const context = normalizeContext(localOptions("", { firebaseConfig: { projectId: "kindred-prod" } }));
    expect(context.contentImageUrl).toBeUndefined();
    expect(typeof context.resolveImage("images/cover.webp")).toBe("string");
    expect(context.resolveImage("https://storage.googleapis.com/kindred-prod.appspot.com/a.webp")).toMatchObject({
      kind: "url",
      url: "https://storage.googleapis.com/kindred-prod.appspot.com/a.webp",
    });
  });
});

/** @jest-environment node */
import type { CreateNodeArgs, CreateResolversArgs, CreateSchemaCustomizationArgs, Node, Reporter } from "gatsby";
import {
  addBlogPostFields,
  addBlogPostQueries,
  articleDescription,
  keepLeftOutBlocks,
  LEFT_OUT_FIELD,
  reportLeftOutBlocks,
  articleBlocks,
} from "../../../../src/node/blog-post-fields";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { REPORT_DIR_VARIABLE, reportFileIn } from "../../../../plugins/gatsby-source-firestore/src/build-report";
import type { BlogPostNode } from "../../../../plugins/gatsby-source-firestore/src/types";
import * as similarModule from "../../../../src/lib/similar";
import * as articleBody from "../../../../src/lib/block-sanitizer";

interface FieldConfig {
  type: string;
  description: string;
  resolve: (source: BlogPostNode, args: unknown, context: unknown) => unknown;
}

let serial = 0;
const post = (overrides: Partial<BlogPostNode> & { blocks?: unknown[] } = {}): BlogPostNode => {
  serial += 1;
  const { blocks = [{ type: "paragraph", data: { text: "Hello <b>there</b>" } }], ...rest } = overrides;
  return {
    id: `node-${serial}`,
    parent: null,
    children: [],
    internal: { type: "BlogPost", contentDigest: `digest-${serial}`, owner: "gatsby-source-firestore" },
    documentId: `doc-${serial}`,
    blogId: `blog-${serial}`,
    title: "A title",
    categories: ["Dating Tips"],
    lastUpdate: "2024-01-01T00:00:00.000Z",
    content: { blocks },
    ...rest,
  } as BlogPostNode;
};

/** onCreateNode for a node: the node as Gatsby stores it, with the fields it was given. */
function created(node: BlogPostNode): BlogPostNode {
  const fields: Record<string, unknown> = {};
  const createNodeField = jest.fn(({ name, value }: { name: string; value: unknown }) => (fields[name] = value));
  keepLeftOutBlocks({ node, actions: { createNodeField } as unknown as CreateNodeArgs["actions"] });
  return createNodeField.mock.calls.length > 0 ? ({ ...node, fields } as BlogPostNode) : node;
}

/** What one build reports of the BlogPost nodes in the store, as its log shows it. */
function reportedOf(nodes: BlogPostNode[]): string[] {
  const warn = jest.fn();
  const getNodesByType = jest.fn((type: string) => (type === "BlogPost" ? (nodes as Node[]) : []));
  reportLeftOutBlocks({ getNodesByType, reporter: { warn } as unknown as Reporter });
  return warn.mock.calls.map(([message]: [string]) => message);
}

/** What a build reports of a node created in it, as the build log would show it. */
const reported = (node: BlogPostNode): string[] => reportedOf([created(node)]);

/** The fields addBlogPostFields declares. */
function declaredFields(): { fields: Record<string, FieldConfig>; typeName: string } {
  let config: { name: string; fields: Record<string, FieldConfig> } | undefined;
  addBlogPostFields({
    actions: { createTypes: jest.fn() } as unknown as CreateSchemaCustomizationArgs["actions"],
    schema: {
      buildObjectType: (c: typeof config) => (config = c),
    } as unknown as CreateSchemaCustomizationArgs["schema"],
  });
  if (!config) throw new Error("no type was built");
  return { fields: config.fields, typeName: config.name };
}

describe("articleBlocks, keepLeftOutBlocks and reportLeftOutBlocks", () => {
  it("sanitize the body and report a left-out block naming the document, the block and why", () => {
    const article = post({
      documentId: "abc",
      blocks: [
        { type: "paragraph", data: { text: 'Hi<script>x()</script><img src=x onerror="y()">' } },
        { type: "weird", data: {} },
      ],
    });
    const blocks = articleBlocks(article);
    expect(blocks).toHaveLength(1);
    expect(JSON.stringify(blocks)).not.toMatch(/script|onerror/);
    expect(reported(article)).toEqual([
      'blogMetaData/abc: field "content" block 1: unknown block type "weird"; left out.',
    ]);
  });

  it("name a left-out block by its place in the stored article when malformed blocks before it were left out", () => {
    // As the source plugin keeps it: the stored blocks were [42, "x", paragraph, weird]; the first two were
    // not Editor.js blocks and are gone from content, reported as content.blocks[0] and [1].
    const article = post({
      documentId: "moved",
      blocks: [
        { type: "paragraph", data: { text: "Kept" } },
        { type: "weird", data: {} },
      ],
      malformedBlocks: [
        { id: "moved", field: "content.blocks[0]", message: "is not an Editor.js block ({type, data}); left out" },
        { id: "moved", field: "content.blocks[1]", message: "is not an Editor.js block ({type, data}); left out" },
      ],
    });
    expect(reported(article)).toEqual([
      'blogMetaData/moved: field "content" block 3: unknown block type "weird"; left out.',
    ]);
  });

  it("write each line they log as one entry of the build's report for editors, too", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "report-"));
    process.env[REPORT_DIR_VARIABLE] = dir;
    try {
      const article = post({
        documentId: "rep",
        blocks: [
          { type: "weird", data: {} },
          { type: "raw", data: {} },
        ],
      });
      const lines = reported(article);
      const entries = readFileSync(reportFileIn(dir), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines).toHaveLength(2);
      expect(entries).toEqual(
        lines.map((line, block) => ({
          kind: "block",
          id: "rep",
          document: "blogMetaData/rep",
          block,
          type: block === 0 ? "weird" : "raw",
          reason: line.replace(`blogMetaData/rep: field "content" block ${block}: `, "").replace(/\.$/, ""),
        })),
      );
    } finally {
      delete process.env[REPORT_DIR_VARIABLE];
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("report nothing for a body with nothing left out, and other nodes are not read", () => {
    expect(reported(post())).toEqual([]);
    const other = { ...post({ blocks: [{ type: "weird", data: {} }] }) };
    other.internal = { ...other.internal, type: "File" };
    expect(created(other)).toBe(other);
  });

  it("report every build from the field kept on the node, without sanitizing the body again", () => {
    const sanitize = jest.spyOn(articleBody, "safeBlocks");
    const kept = created(post({ documentId: "warm", blocks: [{ type: "weird", data: {} }] }));
    expect(kept.fields).toEqual({
      [LEFT_OUT_FIELD]: [
        {
          message: 'block 0: unknown block type "weird"; left out',
          block: { block: 0, type: "weird", reason: 'unknown block type "weird"; left out' },
        },
      ],
    });
    expect(sanitize).toHaveBeenCalledTimes(1);
    // Warm builds run in new processes: the node comes back from Gatsby's cache, field and all,
    // and onCreateNode is not called for it. A new digest stands for a body this process never saw.
    const fromCache = { ...kept, internal: { ...kept.internal, contentDigest: "from-the-cache" } };
    const line = 'blogMetaData/warm: field "content" block 0: unknown block type "weird"; left out.';
    expect(reportedOf([fromCache, created(post())])).toEqual([line]);
    expect(reportedOf([fromCache])).toEqual([line]);
    expect(sanitize).toHaveBeenCalledTimes(2);
    sanitize.mockRestore();
  });

  it("sanitize a node kept from before the field existed, and report it all the same", () => {
    const old = post({ documentId: "old", blocks: [{ type: "weird", data: {} }] });
    expect(old.fields).toBeUndefined();
    expect(reportedOf([old])).toEqual([
      'blogMetaData/old: field "content" block 0: unknown block type "weird"; left out.',
    ]);
  });

  it("sanitize once per version of an article, again when its content changes", () => {
    const sanitize = jest.spyOn(articleBody, "safeBlocks");
    const article = post({ blocks: [{ type: "weird", data: {} }] });
    articleBlocks(article);
    articleBlocks({ ...article });
    expect(reported(article)).toHaveLength(1);
    expect(sanitize).toHaveBeenCalledTimes(1);
    articleBlocks({ ...article, internal: { ...article.internal, contentDigest: "changed" } });
    expect(sanitize).toHaveBeenCalledTimes(2);
    sanitize.mockRestore();
  });
});

describe("articleDescription", () => {
  it("is the first paragraph as plain text", () => {
    expect(
      articleDescription(
        [
          { type: "header", html: "Heading", level: 2 },
          { type: "paragraph", html: "First <b>bold</b> words" },
          { type: "paragraph", html: "Second" },
        ],
        "Title",
      ),
    ).toBe("First bold words");
  });

  it("is the title when there is no paragraph", () => {
    expect(articleDescription([{ type: "delimiter" }], "The title")).toBe("The title");
  });

  it("is cut to 160 characters with an ellipsis", () => {
    const long = "word ".repeat(60);
    const description = articleDescription([{ type: "paragraph", html: long }], "T");
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toBe(`${long.slice(0, 157).trimEnd()}…`);
    expect(articleDescription([{ type: "paragraph", html: "x".repeat(160) }], "T")).toBe("x".repeat(160));
  });
});

describe("the BlogPost fields", () => {
  it("extend BlogPost with described safeBlocks, description and similar", () => {
    const { fields, typeName } = declaredFields();
    expect(typeName).toBe("BlogPost");
    expect(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.type]))).toEqual({
      safeBlocks: "JSON!",
      description: "String!",
      similar: "[BlogPost!]!",
    });
    for (const field of Object.values(fields)) expect(field.description).toMatch(/\w{3,}/);
    expect(fields.similar).toMatchObject({
      args: { ids: { type: "[String!]", description: expect.stringMatching(/\w{3,}/) } },
    });
  });

  it("safeBlocks and description share one sanitizing, whose left-out block the build reports", () => {
    const article = post({
      documentId: "bad",
      blocks: [
        { type: "weird", data: {} },
        { type: "paragraph", data: { text: "Summary" } },
      ],
    });
    const { fields } = declaredFields();
    expect(fields.description!.resolve(article, {}, {})).toBe("Summary");
    expect(fields.safeBlocks!.resolve(article, {}, {})).toEqual([{ type: "paragraph", html: "Summary" }]);
    expect(reported(article)).toEqual([
      'blogMetaData/bad: field "content" block 0: unknown block type "weird"; left out.',
    ]);
  });

  it("similar ranks the other blogs' articles by shared categories, then newest, at most 3", async () => {
    const { fields } = declaredFields();
    const current = post({ blogId: "mine", categories: ["A", "B"] });
    const sameBlog = post({ blogId: "mine", categories: ["A", "B"] });
    const twoShared = post({ categories: ["B", "A"], lastUpdate: "2023-01-01T00:00:00.000Z" });
    const oneNewer = post({ categories: ["A"], lastUpdate: "2024-06-01T00:00:00.000Z" });
    const oneOlder = post({ categories: ["B"], lastUpdate: "2024-02-01T00:00:00.000Z" });
    const oneOldest = post({ categories: ["A"], lastUpdate: "2022-01-01T00:00:00.000Z" });
    const none = post({ categories: ["C"] });
    const findAll = jest
      .fn()
      .mockResolvedValue({ entries: new Set([current, sameBlog, oneOldest, none, oneOlder, twoShared, oneNewer]) });
    const similar = await fields.similar!.resolve(current, {}, { nodeModel: { findAll } });
    expect(similar).toEqual([twoShared, oneNewer, oneOlder]);
    expect(findAll).toHaveBeenCalledWith({ type: "BlogPost", query: { sort: { lastUpdate: "DESC" } } });
  });

  it("similar reads only the nodes it is given by id, in that order, when the page passes them", async () => {
    const { fields } = declaredFields();
    const first = post();
    const second = post();
    const findAll = jest.fn();
    const getNodesByIds = jest.fn().mockReturnValue([second, first]);
    const similar = await fields.similar!.resolve(
      post(),
      { ids: [second.id, first.id] },
      { nodeModel: { findAll, getNodesByIds } },
    );
    expect(similar).toEqual([second, first]);
    expect(getNodesByIds).toHaveBeenCalledWith({ ids: [second.id, first.id], type: "BlogPost" });
    // Reading all articles would make the page depend on every one of them.
    expect(findAll).not.toHaveBeenCalled();
  });

  it("similar without ids builds its index once per set of nodes, again when a node changed", async () => {
    const { fields } = declaredFields();
    const build = jest.spyOn(similarModule, "similarIndex");
    try {
      const articles = [post({ categories: ["A"] }), post({ categories: ["A"] }), post({ categories: ["A"] })];
      let nodes = articles;
      const context = { nodeModel: { findAll: jest.fn(async () => ({ entries: [...nodes] })) } };
      for (const article of articles) await fields.similar!.resolve(article, {}, context);
      expect(build).toHaveBeenCalledTimes(1);

      const edited = {
        ...articles[2]!,
        categories: ["B"],
        internal: { ...articles[2]!.internal, contentDigest: "edited" },
      };
      nodes = [articles[0]!, articles[1]!, edited];
      expect(await fields.similar!.resolve(articles[0]!, {}, context)).toEqual([articles[1]]);
      expect(build).toHaveBeenCalledTimes(2);
    } finally {
      build.mockRestore();
    }
  });
});

describe("blogPostsByIds", () => {
  it("gives the BlogPost nodes of the ids, in their order, through getNodesByIds (which ties the page to those nodes only)", () => {
    const createResolvers = jest.fn();
    addBlogPostQueries({ createResolvers } as unknown as Pick<CreateResolversArgs, "createResolvers">);
    const field = createResolvers.mock.calls[0]![0].Query.blogPostsByIds;
    expect(field.type).toBe("[BlogPost!]!");
    const nodes = { a: { id: "a" }, b: { id: "b" }, c: { id: "c" } } as Record<string, { id: string }>;
    const getNodesByIds = jest.fn(({ ids }: { ids: string[] }) => ids.map((id) => nodes[id]).filter(Boolean));
    const result = field.resolve(null, { ids: ["c", "missing", "a"] }, { nodeModel: { getNodesByIds } });
    expect(result).toEqual([{ id: "c" }, { id: "a" }]);
    expect(getNodesByIds).toHaveBeenCalledWith({ ids: ["c", "missing", "a"], type: "BlogPost" });
  });
});

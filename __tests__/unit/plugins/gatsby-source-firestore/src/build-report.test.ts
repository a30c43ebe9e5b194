/** @jest-environment node */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { NodePluginArgs, Reporter } from "gatsby";
import {
  readReport,
  recordEntry,
  recordProblem,
  reportFileIn,
  REPORT_DIR_VARIABLE,
} from "../../../../../plugins/gatsby-source-firestore/src/build-report";
import { finishBody, type BlogPostNode } from "@kindred/article";
import { reportLeftOutBlocks } from "../../../../../plugins/gatsby-source-firestore/src/report-left-out-blocks";
import { sourceNodes } from "../../../../../plugins/gatsby-source-firestore/src/source-nodes";

let dir: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "build-report-"));
  env = { [REPORT_DIR_VARIABLE]: path.join(dir, "report") };
});
afterEach(() => {
  delete process.env[REPORT_DIR_VARIABLE];
  rmSync(dir, { recursive: true, force: true });
});

describe("the build report", () => {
  it("writes nothing when the build was not asked for a report", () => {
    recordEntry({ kind: "absent", id: "a", document: "blogMetaData/a", message: "m" }, {});
    expect(readReport(reportFileIn(path.join(dir, "report"))).absent.size).toBe(0);
  });

  it("reads back refusals, warnings, blocks and absent documents, each once, and skips a torn line", () => {
    const problem = { id: "x", field: "slug", message: "must match ^[a-z]+$" };
    recordProblem("blogMetaData", problem, true, "line one", env);
    recordProblem("blogMetaData", problem, true, "line one", env); // a second worker, the same check
    recordProblem("blogMetaData", { id: "y", field: "updatedOn", message: "is not a timestamp" }, false, "w", env);
    recordProblem("blogMetaData", { id: "y", field: "content.blocks[3]", message: "is not a block" }, false, "b", env);
    recordEntry({ kind: "absent", id: "z", document: "blogMetaData/z", message: "not published" }, env);
    recordEntry({ kind: "articles", articles: [{ id: "y", slug: "s", title: "T", lastUpdate: "2026" }] }, env);
    appendFileSync(reportFileIn(env[REPORT_DIR_VARIABLE]!), '{"kind":"refu');

    const report = readReport(reportFileIn(env[REPORT_DIR_VARIABLE]!));
    expect(report.refused.get("x")).toEqual([
      { document: "blogMetaData/x", field: "slug", rule: "must match ^[a-z]+$", message: "line one" },
    ]);
    expect(report.warnings.get("y")).toEqual([
      { document: "blogMetaData/y", field: "updatedOn", rule: "is not a timestamp", message: "w" },
    ]);
    expect(report.blocks.get("y")).toEqual([
      { document: "blogMetaData/y", block: 3, type: "unknown", reason: "is not a block" },
    ]);
    expect(report.absent.get("z")).toMatchObject({ field: "published", message: "not published" });
    expect([...report.articles!.keys()]).toEqual(["y"]);
  });

  it("gives an empty report, with no article list, when the build wrote none", () => {
    const report = readReport(path.join(dir, "missing.jsonl"));
    expect(report.articles).toBeNull();
    expect(report.refused.size).toBe(0);
  });
});

describe("what the build logs and what the report says", () => {
  it("the source plugin reports each refused article with the very line it warns in the build log", async () => {
    const content = path.join(dir, "content");
    mkdirSync(content);
    const article = (slug: string) => ({
      blogId: `b-${slug}`,
      title: `Title ${slug}`,
      slug,
      categories: ["Tips"],
      featureImage: "https://images.example/cover.webp",
      published: true,
      lastUpdate: "2026-01-01T00:00:00.000Z",
      content: { time: 1, blocks: [{ type: "paragraph", data: { text: "Hi" } }, "not a block"] },
    });
    writeFileSync(path.join(content, "good.json"), JSON.stringify({ id: "good", ...article("good-one") }));
    writeFileSync(path.join(content, "bad.json"), JSON.stringify({ id: "bad", ...article("Bad Slug") }));
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

  it("the block sanitizer reports each block it leaves out with its index, type and reason", () => {
    process.env[REPORT_DIR_VARIABLE] = env[REPORT_DIR_VARIABLE];
    const warn = jest.fn();
    const blocks = [
      { type: "paragraph", data: { text: "ok" } },
      { type: "weird", data: {} },
    ];
    const post = { id: "node-1", documentId: "doc-1", ...finishBody(blocks, "Title") } as unknown as BlogPostNode;
    reportLeftOutBlocks({
      getNodesByType: (type: string) => (type === "BlogPost" ? [post] : []),
      reporter: { warn } as unknown as Reporter,
    });
    const report = readReport(reportFileIn(env[REPORT_DIR_VARIABLE]!));
    expect(report.blocks.get("doc-1")).toEqual([
      { document: "blogMetaData/doc-1", block: 1, type: "weird", reason: 'unknown block type "weird"; left out' },
    ]);
    expect(warn).toHaveBeenCalledWith(
      'blogMetaData/doc-1: field "content" block 1: unknown block type "weird"; left out.',
    );
    expect(readFileSync(reportFileIn(env[REPORT_DIR_VARIABLE]!), "utf8").split("\n").filter(Boolean)).toHaveLength(1);
  });
});

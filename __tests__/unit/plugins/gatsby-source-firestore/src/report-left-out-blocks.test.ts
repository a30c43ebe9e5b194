/** @jest-environment node */
import type { Reporter } from "gatsby";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { finishBody, type BlogPost } from "@kindred/article";
import { readReport, REPORT_DIR_VARIABLE, reportFileIn } from "@kindred/publishing";
import { reportLeftOutBlocks } from "../../../../../plugins/gatsby-source-firestore/src/report-left-out-blocks";

/** An article as the source plugin keeps it, its body finished. */
const node = (documentId: string, blocks: unknown[]): BlogPost =>
  ({ documentId, ...finishBody(blocks, "Title") }) as unknown as BlogPost;

/** What one build reports of the articles it publishes, as its log shows it. */
function reportedOf(posts: BlogPost[]): string[] {
  const warn = jest.fn();
  reportLeftOutBlocks(posts, { warn } as unknown as Reporter);
  return warn.mock.calls.map(([message]: [string]) => message);
}

describe("reportLeftOutBlocks", () => {
  it("logs each block a node's body left out, naming the document, the block and why", () => {
    expect(
      reportedOf([
        node("abc", [
          { type: "paragraph", data: { text: "ok" } },
          { type: "weird", data: {} },
        ]),
      ]),
    ).toEqual(['blogMetaData/abc: field "content" block 1: unknown block type "weird"; left out.']);
  });

  it("writes each line it logs as one entry of the build's report for editors, too", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "report-"));
    process.env[REPORT_DIR_VARIABLE] = dir;
    try {
      const lines = reportedOf([
        node("rep", [
          { type: "weird", data: {} },
          { type: "raw", data: {} },
        ]),
      ]);
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

  it("reports every article it is given, kept ones too, from the field alone: the body is not read", () => {
    // A node kept from an earlier build: its content is gone from this object, its left-out blocks stay.
    const { content: _content, ...kept } = {
      ...node("warm", [{ type: "weird", data: {} }]),
      content: undefined,
    };
    const line = 'blogMetaData/warm: field "content" block 0: unknown block type "weird"; left out.';
    expect(reportedOf([kept as unknown as BlogPost, node("clean", [])])).toEqual([line]);
  });

  it("reports nothing for clean bodies", () => {
    expect(reportedOf([node("clean", [{ type: "paragraph", data: { text: "ok" } }])])).toEqual([]);
  });
});

describe("what the build logs and what the report says", () => {
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

  it("the block sanitizer reports each block it leaves out with its index, type and reason", () => {
    process.env[REPORT_DIR_VARIABLE] = env[REPORT_DIR_VARIABLE];
    const warn = jest.fn();
    const blocks = [
      { type: "paragraph", data: { text: "ok" } },
      { type: "weird", data: {} },
    ];
    const post = { documentId: "doc-1", ...finishBody(blocks, "Title") } as unknown as BlogPost;
    reportLeftOutBlocks([post], { warn } as unknown as Reporter);
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

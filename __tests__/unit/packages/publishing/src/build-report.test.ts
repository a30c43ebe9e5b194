/** @jest-environment node */
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  readReport,
  recordEntry,
  recordProblem,
  reportFile,
  reportFileIn,
  REPORT_DIR_VARIABLE,
} from "../../../../../packages/publishing/src/build-report";

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

  it("is written to report.jsonl in the folder BUILD_REPORT_DIR names, and nowhere without it", () => {
    expect(reportFile({ [REPORT_DIR_VARIABLE]: "/reports/build-7" })).toBe(
      path.join("/reports/build-7", "report.jsonl"),
    );
    expect(reportFile({ [REPORT_DIR_VARIABLE]: "" })).toBeNull();
    expect(reportFile({})).toBeNull();
  });

  it("records a refused article as refused even when the field at fault is a block", () => {
    recordProblem("blogMetaData", { id: "x", field: "content.blocks[2]", message: "is too deep" }, true, "line", env);
    const report = readReport(reportFileIn(env[REPORT_DIR_VARIABLE]!));
    expect(report.refused.get("x")).toEqual([
      { document: "blogMetaData/x", field: "content.blocks[2]", rule: "is too deep", message: "line" },
    ]);
    expect(report.blocks.size).toBe(0);
  });
});

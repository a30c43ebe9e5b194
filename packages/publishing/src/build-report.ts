// The build's report for editors: every reason an article was left out or changed, written by the
// very code that warns in the build log (the source plugin's checks, the block sanitizer, the image
// store), so the log and what editors see cannot disagree. The rebuild service sets
// BUILD_REPORT_DIR and reads the report once the build ends (webhook/lib/build-events.ts); a build
// run by hand has no report. Entries are appended as JSON lines: page queries run in Gatsby's
// worker processes, and each small O_APPEND write lands whole.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The variable naming the folder the report is written to. */
export const REPORT_DIR_VARIABLE = "BUILD_REPORT_DIR";
const REPORT_FILE = "report.jsonl";

/** A rule a document broke, as the build log words it. */
export interface ReportedReason {
  /** "blogMetaData/ID". */
  document: string;
  field: string;
  /** The rule, in the contract's words ("must be a non-empty string"). */
  rule: string;
  /** The build log's whole line. */
  message: string;
}

/** A block the build left out of an article's body, or cut part of. */
export interface ReportedBlock {
  document: string;
  /** Its index in `content.blocks`. */
  block: number;
  /** Its Editor.js type, or "unknown" when it had none. */
  type: string;
  reason: string;
}

/** An article the build publishes. */
export interface ReportedArticle {
  id: string;
  slug: string;
  title: string;
  lastUpdate: string;
}

export type ReportEntry =
  | ({ kind: "refused" | "warning"; id: string } & ReportedReason)
  | ({ kind: "block"; id: string } & ReportedBlock)
  | { kind: "absent"; id: string; document: string; message: string }
  | { kind: "articles"; articles: ReportedArticle[] };

/** The report file in a report folder. */
export const reportFileIn = (dir: string): string => path.join(dir, REPORT_FILE);

/** The report file, or null when nobody asked for one. */
export function reportFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env[REPORT_DIR_VARIABLE];
  return dir ? reportFileIn(dir) : null;
}

/** Appends one entry to the report, when the build has one. */
export function recordEntry(entry: ReportEntry, env: NodeJS.ProcessEnv = process.env): void {
  const file = reportFile(env);
  if (!file) return;
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

const BLOCK_FIELD = /^content\.blocks\[(\d+)\]$/;

/**
 * Records a document problem exactly as the source plugin logs it: `skipped` refuses the article;
 * otherwise it is a warning, or a block left out when the field is one of `content.blocks`.
 */
export function recordProblem(
  collection: string,
  problem: { id: string; field: string; message: string },
  skipped: boolean,
  logLine: string,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const document = `${collection}/${problem.id}`;
  const block = BLOCK_FIELD.exec(problem.field);
  if (block && !skipped) {
    recordEntry(
      { kind: "block", id: problem.id, document, block: Number(block[1]), type: "unknown", reason: problem.message },
      env,
    );
    return;
  }
  recordEntry(
    {
      kind: skipped ? "refused" : "warning",
      id: problem.id,
      document,
      field: problem.field,
      rule: problem.message,
      message: logLine,
    },
    env,
  );
}

/** A build's report, read back: what each article got. */
export interface BuildReport {
  /** The articles the build publishes; null when sourcing never reported them (it failed first). */
  articles: Map<string, ReportedArticle> | null;
  refused: Map<string, ReportedReason[]>;
  warnings: Map<string, ReportedReason[]>;
  blocks: Map<string, ReportedBlock[]>;
  /** Documents the triggers named that the build could not read as published. */
  absent: Map<string, ReportedReason>;
}

function push<T>(map: Map<string, T[]>, id: string, value: T, same: (a: T, b: T) => boolean): void {
  const list = map.get(id) ?? [];
  // A block is sanitized once per process, and the same query may run in several workers.
  if (!list.some((known) => same(known, value))) list.push(value);
  map.set(id, list);
}

/** Parses a report file; an absent file is an empty report, a torn last line is ignored. */
export function readReport(file: string): BuildReport {
  const report: BuildReport = {
    articles: null,
    refused: new Map(),
    warnings: new Map(),
    blocks: new Map(),
    absent: new Map(),
  };
  if (!existsSync(file)) return report;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    let entry: ReportEntry;
    try {
      entry = JSON.parse(line) as ReportEntry;
    } catch {
      continue;
    }
    switch (entry.kind) {
      case "articles":
        report.articles ??= new Map();
        for (const article of entry.articles) report.articles.set(article.id, article);
        break;
      case "refused":
      case "warning": {
        const { kind: _kind, id, ...reason } = entry;
        const sameReason = (a: ReportedReason, b: ReportedReason) => a.field === b.field && a.rule === b.rule;
        push(entry.kind === "refused" ? report.refused : report.warnings, id, reason, sameReason);
        break;
      }
      case "block": {
        const { kind: _kind, id, ...block } = entry;
        push(report.blocks, id, block, (a, b) => a.block === b.block && a.reason === b.reason);
        break;
      }
      case "absent":
        report.absent.set(entry.id, {
          document: entry.document,
          field: "published",
          rule: "must be true",
          message: entry.message,
        });
        break;
    }
  }
  return report;
}

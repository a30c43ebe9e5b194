/** @jest-environment node */
// Every file path the documentation names in `code` must exist, so a renamed or moved file cannot
// leave the docs pointing at nothing. (docs-links.test.ts checks Markdown links; this checks the
// paths written as inline code, which is how the docs name most files.)
//
// What counts as a path, in an inline code span outside fenced blocks, without spaces:
// - a token with a slash, whose first folder exists in the repository: at the root, beside the
//   Markdown file, or under __tests__/ (the docs name tests as `unit/…`, `integration/…`, `e2e/…`);
// - a bare file name with a source extension (`fill.ts`, `safety.md`): some tracked file has it.
// It must then be a tracked file or folder at one of those three places. Not paths, so not checked:
// URLs, site routes (`/blog`, `/search/`), package names (`@editorjs/list`), tokens whose first
// folder is not in the repository (`BUILDS_DIR/queue.json`, `search/c/`, `application/json`), bare
// names of what builds and runs write (`queue.json`, `index.html`), placeholders and globs (`<slug>`,
// `{id}`, `*`, `…`), and paths git ignores, which a build or a run produces (`public/…`, `.cache/`,
// `webhook/trigger/lib/`).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { linesOutsideFences, trackedFiles } from "../support/markdown";

const ROOT = path.resolve(__dirname, "..", "..");

/** Where a path written in a Markdown file may be relative to: the root, the file's folder, the tests. */
const basesOf = (file: string): string[] => [
  ...new Set(["", path.posix.dirname(file).replace(/^\.$/, ""), "__tests__"]),
];

const SOURCE_EXTENSION = /\.(?:[cm]?[jt]sx?|css|md)$/;
const PLACEHOLDER = /[<>{}[\]*…$?]|\.\.\./;

/** The inline code spans of a Markdown text that could be file paths (no spaces, outside fences). */
function codeTokens(markdown: string): string[] {
  const tokens: string[] = [];
  for (const line of linesOutsideFences(markdown)) {
    if (line === null) continue;
    for (const match of line.matchAll(/(?<!`)`([^`\s]+)`(?!`)/g)) tokens.push(match[1]!.replace(/:\d+$/, ""));
  }
  return tokens;
}

interface Repository {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
  basenames: ReadonlySet<string>;
  /** Whether git ignores the path: something a build or a run writes. */
  isIgnored: (repoPath: string) => boolean;
}

/** The tracked files as a Repository, with git's own ignore rules. */
function repositoryAt(root: string): Repository {
  const files = trackedFiles(root);
  const folders = new Set(
    files.flatMap((file) =>
      file
        .split("/")
        .slice(0, -1)
        .map((_, i, all) => all.slice(0, i + 1).join("/")),
    ),
  );
  return {
    files: new Set(files),
    folders,
    basenames: new Set(files.map((file) => path.posix.basename(file))),
    isIgnored: (repoPath) => {
      try {
        execFileSync("git", ["check-ignore", "-q", "--no-index", repoPath], { cwd: root, stdio: "ignore" });
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The paths named in one Markdown file that do not exist, each with where it was looked for. */
function missingPaths(file: string, markdown: string, repo: Repository): string[] {
  const problems: string[] = [];
  const bases = basesOf(file);
  const at = (base: string, token: string) => path.posix.normalize(path.posix.join(base, token)).replace(/\/$/, "");
  for (const token of codeTokens(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(token) || /^[/@-]/.test(token)) continue;
    if (!token.includes("/")) {
      if (SOURCE_EXTENSION.test(token) && !PLACEHOLDER.test(token) && !repo.basenames.has(token))
        problems.push(`${file}: \`${token}\` is not the name of any tracked file`);
      continue;
    }
    const candidates = bases.map((base) => at(base, token));
    if (candidates.some((candidate) => repo.files.has(candidate) || repo.folders.has(candidate))) continue;
    if (PLACEHOLDER.test(token)) continue;
    const first = token.replace(/^\.\//, "").split("/")[0]!;
    const under = bases.filter((base) => repo.folders.has(at(base, first)));
    if (under.length === 0) continue;
    // The join keeps a trailing slash, which git needs to match a folder pattern such as `lib/`.
    if (under.some((base) => repo.isIgnored(path.posix.join(base, token)))) continue;
    problems.push(
      `${file}: \`${token}\` names no tracked file or folder (looked in ${under.map((b) => `${b || "."}/`).join(", ")})`,
    );
  }
  return problems;
}

describe("the checker itself", () => {
  const repo: Repository = {
    files: new Set(["src/lib/email.ts", "webhook/lib/replay.ts", "__tests__/unit/src/lib/email.test.ts"]),
    folders: new Set([
      "src",
      "src/lib",
      "webhook",
      "webhook/lib",
      "__tests__",
      "__tests__/unit",
      "__tests__/unit/src",
      "__tests__/unit/src/lib",
      "public",
    ]),
    basenames: new Set(["email.ts", "replay.ts", "email.test.ts"]),
    isIgnored: (repoPath) => repoPath.startsWith("public/"),
  };

  it("finds a path from the root, beside the Markdown file, or under __tests__/", () => {
    const markdown = "`src/lib/email.ts`, `lib/replay.ts`, `unit/src/lib/email.test.ts`, `src/lib/` and `email.ts:12`";
    expect(missingPaths("webhook/README.md", markdown, repo)).toEqual([]);
  });

  it("reports a path under a real folder that names nothing, and a bare source file name that nothing has", () => {
    const markdown = "`unit/lib/email.test.ts`, `src/lib/e-mail.ts` and `gone.ts`\n```\n`src/in/a/fence.ts`\n```";
    expect(missingPaths("docs/a.md", markdown, repo)).toEqual([
      "docs/a.md: `unit/lib/email.test.ts` names no tracked file or folder (looked in __tests__/)",
      "docs/a.md: `src/lib/e-mail.ts` names no tracked file or folder (looked in ./)",
      "docs/a.md: `gone.ts` is not the name of any tracked file",
    ]);
  });

  it("leaves alone what is not a path in the repository", () => {
    const markdown = [
      "`https://example.com/a.md`, `/blog`, `/search/`, `@editorjs/list`, `--allow-shrink`",
      "`BUILDS_DIR/queue.json`, `search/c/`, `application/json`, `queue.json`, `index.html`",
      "`src/<slug>.ts`, `src/lib/*.ts`, `blogMetaData/{id}`, `src/…`, `public/static/a.webp`",
      "a span with spaces: `npx jest src/lib/gone.ts`",
    ].join("\n");
    expect(missingPaths("README.md", markdown, repo)).toEqual([]);
  });
});

describe("the repository's documentation", () => {
  it("names only files and folders that exist", () => {
    const repo = repositoryAt(ROOT);
    const markdownFiles = [...repo.files].filter((file) => file.endsWith(".md") && !file.startsWith("content/"));
    expect(markdownFiles).toEqual(expect.arrayContaining(["README.md", "webhook/README.md"]));
    const problems = markdownFiles.flatMap((file) =>
      missingPaths(file, readFileSync(path.join(ROOT, file), "utf8"), repo),
    );
    expect(problems).toEqual([]);
  });
});

/** @jest-environment node */
// The repository's documentation must stand on its own: every relative link in a tracked Markdown
// file reaches a tracked file (and, with an anchor, a heading of it), and no text file points at
// material that lives outside the repository.
import { readFileSync } from "node:fs";
import path from "node:path";
import { linesOutsideFences, trackedFiles } from "../support/markdown";

const ROOT = path.resolve(__dirname, "..", "..");

/** The text without fenced code blocks and inline code spans (line breaks kept), so code is not read as links. */
function withoutCode(markdown: string): string {
  return linesOutsideFences(markdown)
    .map((line) => (line === null ? "" : line.replace(/(`+)[\s\S]*?\1/g, "")))
    .join("\n");
}

/** Every link and image target of a Markdown text: inline, reference definitions and HTML href/src. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const targets: string[] = [];
  // [text](target "title") and ![alt](target); a target may hold one level of balanced parentheses.
  for (const match of text.matchAll(
    /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|(?:[^()\s]|\([^()\s]*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g,
  )) {
    targets.push(match[1]!.replace(/^<|>$/g, ""));
  }
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm))
    targets.push(match[1]!.replace(/^<|>$/g, ""));
  for (const match of text.matchAll(/<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']+)["']/gi))
    targets.push(match[1]!);
  return targets;
}

/** The anchor GitHub gives a heading: its rendered text in lower case, punctuation dropped, spaces as hyphens. */
function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images keep their text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/(^|\s)_+|_+(?=\s|$)/g, "$1") // _emphasis_ (underscores inside words stay)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors a Markdown file offers: its ATX headings' slugs (repeats numbered -1, -2, …) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of linesOutsideFences(markdown)) {
    const heading = line === null ? undefined : /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of withoutCode(markdown).matchAll(/<a\b[^>]*\s(?:id|name)\s*=\s*["']([^"']+)["']/gi))
    anchors.add(match[1]!);
  return anchors;
}

const hasScheme = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** Problems with the relative links of one Markdown file (empty when every link resolves). */
function brokenLinks(file: string, markdown: string, tracked: Set<string>, read: (file: string) => string): string[] {
  const problems: string[] = [];
  const isDirectory = (dir: string): boolean => [...tracked].some((candidate) => candidate.startsWith(`${dir}/`));
  for (const target of linkTargets(markdown)) {
    if (target === "" || hasScheme(target) || target.startsWith("//")) continue;
    const hashAt = target.indexOf("#");
    const rawPath = hashAt >= 0 ? target.slice(0, hashAt) : target;
    const anchor = hashAt >= 0 ? decodeURIComponent(target.slice(hashAt + 1)) : "";
    const decoded = decodeURIComponent(rawPath.replace(/\?.*$/, ""));
    const resolved =
      decoded === ""
        ? file
        : path.posix
            .normalize(decoded.startsWith("/") ? decoded.slice(1) : path.posix.join(path.posix.dirname(file), decoded))
            .replace(/\/$/, "");
    if (resolved.startsWith("..")) {
      problems.push(`${file}: "${target}" points outside the repository`);
      continue;
    }
    if (!tracked.has(resolved) && !isDirectory(resolved)) {
      problems.push(`${file}: "${target}" names ${resolved}, which is not a tracked file or folder`);
      continue;
    }
    if (anchor !== "" && resolved.endsWith(".md") && tracked.has(resolved) && !anchorsOf(read(resolved)).has(anchor)) {
      problems.push(`${file}: "${target}" has no heading #${anchor} in ${resolved}`);
    }
  }
  return problems;
}

/** Whether a file's first bytes look like binary data (a NUL byte), as git itself decides. */
const looksBinary = (buffer: Buffer): boolean => buffer.subarray(0, 8000).includes(0);

describe("the checker itself", () => {
  it("finds inline links, images, reference definitions and HTML links, but not code", () => {
    const markdown = [
      'See [the map](docs/a.md#b), ![a picture](img/x.png "title") and <a href="c.md">c</a>.',
      "[ref]: ./d.md",
      "Code: `[not](a-link.md)`",
      "```md",
      "[also not](fenced.md)",
      "```",
      "[route](src/pages/blogarticle/[...slug].tsx) and [web](https://example.com)",
    ].join("\n");
    expect(linkTargets(markdown)).toEqual([
      "docs/a.md#b",
      "img/x.png",
      "src/pages/blogarticle/[...slug].tsx",
      "https://example.com",
      "./d.md",
      "c.md",
    ]);
  });

  it("makes GitHub's heading anchors, numbering repeats", () => {
    expect(githubSlug("How a rebuild is published (queue, workspace, symlink)")).toBe(
      "how-a-rebuild-is-published-queue-workspace-symlink",
    );
    expect(githubSlug("The `blogMetaData` collection")).toBe("the-blogmetadata-collection");
    expect(githubSlug("Tests & how to run them")).toBe("tests--how-to-run-them");
    expect(githubSlug("snake_case stays")).toBe("snake_case-stays");
    expect([...anchorsOf("# Blog\n\n## Routes\n\n```\n# not a heading\n```\n## Routes\n")]).toEqual([
      "blog",
      "routes",
      "routes-1",
    ]);
  });

  it("reports a missing file, a missing heading and a way out of the repository", () => {
    const tracked = new Set(["docs/a.md", "src/lib/email.ts"]);
    const files: Record<string, string> = { "docs/a.md": "# Title\n\n## Blog\n" };
    const markdown =
      "[ok](a.md#blog) [ok too](../src/lib/email.ts) [same file](#title) [gone](missing.md) [no anchor](a.md#nope) [out](../../x.md)";
    expect(brokenLinks("docs/a.md", `# Title\n${markdown}`, tracked, (file) => files[file] ?? "")).toEqual([
      'docs/a.md: "missing.md" names docs/missing.md, which is not a tracked file or folder',
      'docs/a.md: "a.md#nope" has no heading #nope in docs/a.md',
      'docs/a.md: "../../x.md" points outside the repository',
    ]);
  });
});

describe("the repository's documentation", () => {
  const files = trackedFiles(ROOT);
  const tracked = new Set(files);
  const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");

  it("has the docs it links to from the README", () => {
    expect(tracked.has("docs/architecture.md")).toBe(true);
    expect(tracked.has("docs/requirements.md")).toBe(true);
  });

  it("links only to files and headings that exist in the repository", () => {
    // Markdown under content/ is the source of web pages (the policies): its links are site routes
    // such as /terms, not paths in the repository.
    const markdownFiles = files.filter((file) => file.endsWith(".md") && !file.startsWith("content/"));
    expect(markdownFiles.length).toBeGreaterThan(0);
    const problems = markdownFiles.flatMap((file) => brokenLinks(file, read(file), tracked, read));
    expect(problems).toEqual([]);
  });

  it("never points at material outside the repository", () => {
    const outside = ["..", "shared"].join("/");
    const specSection = /\b(?:spec|specification)\b[^\n]{0,40}\bsection \d+|\bsection \d+ of the spec/i;
    const offenders = files
      .filter((file) => path.basename(file) !== "package-lock.json")
      .flatMap((file) => {
        const buffer = readFileSync(path.join(ROOT, file));
        if (looksBinary(buffer)) return [];
        const text = buffer.toString("utf8");
        return [
          ...(text.includes(outside) ? [`${file} mentions ${outside}`] : []),
          ...(specSection.test(text) ? [`${file} cites a section of an outside specification`] : []),
        ];
      });
    expect(offenders).toEqual([]);
  });
});

import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

// Reading the repository's Markdown as the documentation tests need it: which files a clone gets,
// and which lines are prose rather than fenced code.

/** Files in the git index (what a clone gets), relative to `root`, with / separators. */
export function trackedFiles(root: string): string[] {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return out
    .split("\0")
    .filter((file) => file !== "" && !file.split("/").includes("node_modules"))
    .filter((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile());
}

/** The lines of a Markdown text, with those inside fenced code blocks (and the fences) as null. */
export function linesOutsideFences(markdown: string): (string | null)[] {
  let fence: string | null = null;
  return markdown.split("\n").map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) {
      fence = marker;
      return null;
    }
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      return null;
    }
    return line;
  });
}

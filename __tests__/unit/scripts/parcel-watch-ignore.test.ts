/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";

// The postinstall step that keeps node_modules, public/ and Gatsby's caches out of the file list
// Parcel makes at every build (scripts/parcel-watch-ignore.cjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ORIGINAL, patchRequestTracker, patchInstalledParcel } = require("../../../scripts/parcel-watch-ignore.cjs") as {
  ORIGINAL: string;
  patchRequestTracker: (source: string) => { status: "patched" | "already" | "unknown"; text: string };
  patchInstalledParcel: (root: string, options?: { write: boolean }) => { status: string; file?: string };
};

const root = path.resolve(__dirname, "../../..");

/** Parcel 2.8.3's function, as lib/RequestTracker.js has it. */
const PARCEL_2_8 = `
function getWatcherOptions(options) {
  let vcsDirs = ['.git', '.hg'].map(dir => _path().default.join(options.projectRoot, dir));
  ${ORIGINAL}
  return {
    ignore
  };
}
`;

/** What the (patched) function leaves out of the list for a project at /site. */
function ignoredPaths(source: string): string[] {
  const getWatcherOptions = new Function("_path", `${source}; return getWatcherOptions;`)(() => ({ default: path.posix })) as (options: {
    projectRoot: string;
    cacheDir: string;
  }) => { ignore: string[] };
  return getWatcherOptions({ projectRoot: "/site", cacheDir: "/site/.cache/.parcel-cache" }).ignore;
}

describe("parcel-watch-ignore", () => {
  it("leaves node_modules, the built site and Gatsby's big caches out, beside Parcel's own cache and .git", () => {
    expect(ignoredPaths(PARCEL_2_8)).toEqual(["/site/.cache/.parcel-cache", "/site/.git", "/site/.hg"]);
    const { status, text } = patchRequestTracker(PARCEL_2_8);
    expect(status).toBe("patched");
    const ignored = ignoredPaths(text);
    expect(ignored).toEqual(expect.arrayContaining(["/site/.cache/.parcel-cache", "/site/.git", "/site/node_modules", "/site/public", "/site/.image-store", "/site/.cache/caches", "/site/.cache/data", "/site/.cache/webpack"]));
    // Gatsby empties .cache/compiled before each compile; Parcel must see that to write it again.
    expect(ignored.filter((dir) => !dir.startsWith("/site/.git") && !dir.startsWith("/site/.hg")).every((dir) => !"/site/.cache/compiled/gatsby-node.js".startsWith(`${dir}/`))).toBe(true);
    for (const source of ["/site/src", "/site/plugins", "/site/gatsby-node.ts", "/site/package.json"]) expect(ignored.some((dir) => source.startsWith(dir))).toBe(false);
  });

  it("patches again a line an earlier version patched with a shorter list", () => {
    const earlier = PARCEL_2_8.replace(
      ORIGINAL,
      'let ignore = [options.cacheDir, ...vcsDirs, ...["node_modules","public"].map(dir => _path().default.join(options.projectRoot, dir))]; /* kindred: parcel-watch-ignore */',
    );
    const { status, text } = patchRequestTracker(earlier);
    expect(status).toBe("patched");
    expect(ignoredPaths(text)).toEqual(expect.arrayContaining(["/site/.image-store", "/site/public"]));
    expect(patchRequestTracker(text).status).toBe("already");
  });

  it("patches once, and leaves a Parcel it does not know as it is", () => {
    const once = patchRequestTracker(PARCEL_2_8).text;
    expect(patchRequestTracker(once)).toEqual({ status: "already", text: once });
    const other = PARCEL_2_8.replace(ORIGINAL, "let ignore = [options.cacheDir, ...vcsDirs, ...options.watchIgnore];");
    expect(patchRequestTracker(other)).toEqual({ status: "unknown", text: other });
  });

  it("has patched the Parcel this project's Gatsby uses (npm install runs it)", () => {
    const { status, file } = patchInstalledParcel(root, { write: false });
    expect(status).toBe("already");
    expect(readFileSync(file!, "utf8")).toContain("public");
  });
});

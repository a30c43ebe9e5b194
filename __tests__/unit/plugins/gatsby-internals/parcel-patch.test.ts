/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { recognises } from "../../../../plugins/gatsby-internals/versions";

// The patch (patches/, applied by patch-package after every npm install) that keeps node_modules,
// public/, the default image store and Gatsby's caches out of the file list Parcel makes at every build.

const root = path.resolve(__dirname, "../../../..");
const gatsbyRequire = createRequire(require.resolve("gatsby/package.json", { paths: [root] }));
const trackerFile = gatsbyRequire.resolve("@parcel/core/lib/RequestTracker.js");
const installedParcel = (gatsbyRequire("@parcel/core/package.json") as { version: string }).version;

/** What the installed (patched) getWatcherOptions leaves out of the list for a project at /site. */
function ignoredPaths(): string[] {
  const source = /function getWatcherOptions\(options\) \{[\s\S]*?\n\}/.exec(readFileSync(trackerFile, "utf8"))?.[0];
  expect(source).toBeDefined();
  const getWatcherOptions = new Function("_path", `${source}; return getWatcherOptions;`)(() => ({
    default: path.posix,
  })) as (options: { projectRoot: string; cacheDir: string }) => { ignore: string[] };
  return getWatcherOptions({ projectRoot: "/site", cacheDir: "/site/.cache/.parcel-cache" }).ignore;
}

describe("the Parcel file-list patch", () => {
  it("is written for the Parcel this project's Gatsby installs, so an upgrade is noticed", () => {
    const patches = readdirSync(path.join(root, "patches")).filter((name) => name.startsWith("@parcel+core+"));
    expect(patches).toHaveLength(1);
    const writtenFor = /^@parcel\+core\+(.+)\.patch$/.exec(patches[0]!)?.[1];
    expect(recognises([writtenFor!], installedParcel)).toBe(true);
  });

  it("leaves node_modules, the built site, the image store and Gatsby's big caches out, beside Parcel's own cache and .git", () => {
    const ignored = ignoredPaths();
    expect(ignored).toEqual(
      expect.arrayContaining([
        "/site/.cache/.parcel-cache",
        "/site/.git",
        "/site/node_modules",
        "/site/public",
        "/site/.image-store",
        "/site/.cache/caches",
        "/site/.cache/data",
        "/site/.cache/webpack",
      ]),
    );
    // Gatsby empties .cache/compiled before each compile; Parcel must see that to write it again.
    expect(ignored.every((dir) => !"/site/.cache/compiled/gatsby-node.js".startsWith(`${dir}/`))).toBe(true);
    for (const source of ["/site/src", "/site/plugins", "/site/gatsby-node.ts", "/site/package.json"])
      expect(ignored.some((dir) => source.startsWith(dir))).toBe(false);
  });
});

// Run after every `npm install` (package.json's postinstall). Plain CommonJS, so it runs on any Node.
//
// Every `gatsby build` starts by compiling gatsby-config.ts and gatsby-node.ts with Parcel (2.8,
// pinned by Gatsby 5), in a child process. To know what changed since the last compile, Parcel lists
// every file under the project root twice per build: once to compare with the list it kept, once to
// keep the new list. It leaves out only its own cache and .git, so the list holds node_modules
// (about 150,000 entries here), the whole built site in public/ and every cover Gatsby downloaded
// into .cache/caches, though none of them is an input of those two files. Measured on this machine:
// 3 s of an 11 s warm build of the sample site, and 6 to 13 s of a 23 s warm build at 10,000 articles
// with a cover each. Parcel 2.8 has no option for it, and Gatsby builds Parcel's options itself, so
// this script adds those folders to the list of paths Parcel leaves out, in Parcel's own file.
//
// What stays in the list: the sources (src/, plugins/, the gatsby-* files, package.json, tsconfig)
// and .cache/compiled, Parcel's output, which Gatsby empties before each compile: Parcel must see
// that to write the compiled files again. node_modules is safe to leave out: Gatsby compiles with
// includeNodeModules off, so the output names packages and holds none of their code.
//
// With another Parcel (another Gatsby), the line may not be found: the script says so and changes
// nothing, and builds stay correct, only slower.

const { readFileSync, writeFileSync } = require("node:fs");
const path = require("node:path");

/** The line of @parcel/core/lib/RequestTracker.js (2.8) that lists what Parcel leaves out. */
const ORIGINAL = "let ignore = [options.cacheDir, ...vcsDirs];";

/** Folders under the project root that are no input of the compiled gatsby files (.image-store: the default image store, src/node/image-store). */
const LEFT_OUT = ["node_modules", "public", ".image-store", ".cache/caches", ".cache/caches-lmdb", ".cache/data", ".cache/webpack"];

/** Marks the patched line, so a second run leaves it alone. */
const MARK = "/* kindred: parcel-watch-ignore */";

const PATCHED = `let ignore = [options.cacheDir, ...vcsDirs, ...${JSON.stringify(LEFT_OUT)}.map(dir => _path().default.join(options.projectRoot, dir))]; ${MARK}`;

/**
 * The patched text of RequestTracker.js: `patched` with the change made, `already` when an earlier
 * run made it, `unknown` (text unchanged) when the line is not there.
 */
function patchRequestTracker(source) {
  if (source.includes(PATCHED)) return { status: "already", text: source };
  // A line patched with an older list is patched again with this one.
  const older = source.split("\n").find((line) => line.includes(MARK));
  if (older !== undefined) return { status: "patched", text: source.replace(older, older.replace(/let ignore = .*/, PATCHED)) };
  if (source.split(ORIGINAL).length !== 2) return { status: "unknown", text: source };
  return { status: "patched", text: source.replace(ORIGINAL, PATCHED) };
}

/**
 * Patches the Parcel that Gatsby, installed under `root`, uses, and returns what it did; with
 * `write` false, only says what it would do.
 */
function patchInstalledParcel(root, { write = true } = {}) {
  let file;
  try {
    const gatsby = path.dirname(require.resolve("gatsby/package.json", { paths: [root] }));
    file = require.resolve("@parcel/core/lib/RequestTracker.js", { paths: [gatsby] });
  } catch {
    return { status: "missing", file: undefined };
  }
  const { status, text } = patchRequestTracker(readFileSync(file, "utf8"));
  if (status === "patched" && write) writeFileSync(file, text);
  return { status, file };
}

if (require.main === module) {
  const { status, file } = patchInstalledParcel(path.resolve(__dirname, ".."));
  const messages = {
    patched: `Parcel now leaves node_modules, public/ and Gatsby's caches out of its file list (${file}).`,
    already: "Parcel already leaves node_modules, public/ and Gatsby's caches out of its file list.",
    unknown: `This Parcel (${file}) is not the one this script knows: left as it is. Builds work, but each one lists node_modules and public/.`,
    missing: "Gatsby's Parcel is not installed here: nothing to do.",
  };
  console.log(`parcel-watch-ignore: ${messages[status]}`);
}

module.exports = { ORIGINAL, patchRequestTracker, patchInstalledParcel };

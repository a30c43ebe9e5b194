// A release is a snapshot of the workspace's public/ at the end of its build: the workspace goes on
// changing with the next build, and a release must not. Copying the whole tree each time costs as
// much as the site weighs (docs/measurements.md) although a warm build changes a few files. So a snapshot copies only what changed since an earlier release and hard-links the rest to
// that release's file: releases are never written after they are made, so a file shared by two of
// them is safe, and deleting one release (pruning) leaves the others whole.
//
// "Unchanged" is decided as rsync's quick check does, from the file's metadata, recorded at the
// time of the earlier snapshot: the same inode, size, modification time and change time (in
// nanoseconds). A write to the file changes its change time, which no tool can set back, so a file
// rewritten with the same size and a restored modification time still counts as changed.
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/** What a snapshot recorded of each workspace file it took in, by path relative to the tree. */
export type FileStates = Record<string, string>;

export interface SnapshotResult {
  /** Files shared with the earlier release. */
  linked: number;
  /** Files copied because they are new or changed (or there was no earlier release). */
  copied: number;
  /** The state of every file of the source, for the next snapshot. */
  states: FileStates;
}

/** A file's identity and version: inode, size, modification and change time, in nanoseconds. */
function stateOf(file: string): string {
  const info = statSync(file, { bigint: true });
  return `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
}

/**
 * Copies the tree `source` to `target` (which must not exist), hard-linking each file that has not
 * changed since `earlier` was taken from the same source: `earlier.dir` is that snapshot and
 * `earlier.states` what it recorded. Symbolic links are copied as they are.
 */
export function snapshotTree(
  source: string,
  target: string,
  earlier?: { dir: string; states: FileStates },
): SnapshotResult {
  const result: SnapshotResult = { linked: 0, copied: 0, states: {} };
  const walk = (relative: string): void => {
    const from = path.join(source, relative);
    const to = path.join(target, relative);
    mkdirSync(to, { recursive: relative === "" });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        walk(name);
      } else if (entry.isSymbolicLink()) {
        symlinkSync(readlinkSync(path.join(source, name)), path.join(target, name));
      } else if (entry.isFile()) {
        const state = stateOf(path.join(source, name));
        result.states[name] = state;
        if (
          earlier &&
          earlier.states[name] === state &&
          tryLink(path.join(earlier.dir, name), path.join(target, name))
        ) {
          result.linked += 1;
        } else {
          copyFileSync(path.join(source, name), path.join(target, name));
          result.copied += 1;
        }
      }
    }
  };
  walk("");
  return result;
}

/** Hard-links `existing` at `link`; false when the earlier file is gone (it is then copied). */
function tryLink(existing: string, link: string): boolean {
  try {
    linkSync(existing, link);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** Where a release keeps what its snapshot recorded: beside its site, so it is never deployed. */
export const statesFile = (releaseDir: string): string => path.join(releaseDir, "files.json");

export function writeStates(releaseDir: string, states: FileStates): void {
  writeFileSync(statesFile(releaseDir), JSON.stringify(states));
}

/** What a release's snapshot recorded, or undefined when it recorded nothing readable. */
export function readStates(releaseDir: string): FileStates | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(statesFile(releaseDir), "utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as FileStates) : undefined;
  } catch {
    return undefined;
  }
}

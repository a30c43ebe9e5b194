// Publishing is one rename(2) of a symlink: a reader of PUBLISH_DIR sees the old site or the new
// one, never a mixture and never a missing directory.
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  openSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Where PUBLISH_DIR points now, as an absolute path, or null before the first publish. */
export function publishedTarget(publishDir: string): string | null {
  if (!existsSync(publishDir) && !isSymlink(publishDir)) return null;
  if (!isSymlink(publishDir)) {
    throw new Error(
      `PUBLISH_DIR ${publishDir} exists and is not a symlink. Move it away: the service publishes by swapping a symlink.`,
    );
  }
  return path.resolve(path.dirname(publishDir), readlinkSync(publishDir));
}

/** Points PUBLISH_DIR at `target` atomically. */
export function swapSymlink(publishDir: string, target: string): void {
  const temporary = `${publishDir}.next-${process.pid}-${Date.now()}`;
  rmSync(temporary, { force: true });
  symlinkSync(target, temporary, "dir");
  renameSync(temporary, publishDir);
}

/**
 * Replaces `file` with `text` in one rename: a crash leaves the old content or the new, never a
 * part of either. The data is flushed to disk before the rename.
 */
export function writeFileAtomic(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

import { copyFile, link, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";

// Files reach public/ as hard links to the store's own: no bytes are copied, and a file keeps the
// modification time it was encoded at, which the deploy's hash cache keys on. A store on another
// file system (a mounted bucket) cannot be linked from: then the file is copied, once.

async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP") throw error;
    await copyFile(source, target);
  }
}

/**
 * Puts the store's file at `target` unless it is already there. Only for content-addressed targets
 * (public/static/<key>/…): a file of that name can only hold those bytes.
 */
export async function publishImmutable(source: string, target: string): Promise<boolean> {
  try {
    await linkOrCopy(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(path.dirname(target), { recursive: true });
    await linkOrCopy(source, target).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== "EEXIST") throw again;
    });
    return true;
  }
}

/**
 * Puts the store's file at `target`, a path whose content may change (public/og/…/<slug>.jpg): left
 * alone when it already is that file, else replaced atomically.
 */
export async function publishReplacing(source: string, target: string): Promise<boolean> {
  const [made, existing] = await Promise.all([stat(source), stat(target).catch(() => null)]);
  if (existing && existing.ino === made.ino && existing.dev === made.dev) return false;
  // A copy (store on another file system) made since the store's file was written is that file.
  if (existing && existing.size === made.size && existing.mtimeMs >= made.mtimeMs && existing.nlink === 1) return false;
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
  try {
    await linkOrCopy(source, temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return true;
}

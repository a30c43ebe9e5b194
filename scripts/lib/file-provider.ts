// Where the local server (scripts/serve.ts) reads the files it serves: a superstatic provider that
// opens each file before it answers, so the answer is whole even when the folder changes under it.
// The rebuild service publishes by swapping PUBLISH_DIR's symlink (webhook/lib/publish.ts), and a
// take-down does so within seconds of an editor's call; superstatic's own provider looked a file up,
// then opened it again by name later, and a swap in between killed the whole server with an uncaught
// ENOENT. An open file stays readable after its name is gone, so the release it came from is the one
// served. Its ETag is also computed afresh from the file (superstatic's cache compared a modification
// time Node no longer gives, and kept the first ETag of a path forever).
import { createHash } from "node:crypto";
import { open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** What superstatic's responder needs of a file (see its providers/fs.js). */
export interface ProvidedFile {
  modified: number;
  size: number;
  etag: string;
  stream: Readable;
}

const ABSENT = new Set(["ENOENT", "ENOTDIR", "EISDIR", "EINVAL", "ENAMETOOLONG", "ELOOP"]);

/** The provider for the files under `root` (the published folder, a symlink or not). */
export function stableFileProvider(root: string): (request: unknown, pathname: string) => Promise<ProvidedFile | null> {
  return async (_request, pathname) => {
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return null;
    }
    // Only paths inside the root: no parent steps, no NUL, no path that is not absolute.
    if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.split(/[\\/]/).includes("..")) return null;
    let handle: FileHandle;
    try {
      handle = await open(path.join(root, decoded), "r");
    } catch (error) {
      if (ABSENT.has((error as NodeJS.ErrnoException).code ?? "")) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const etag = createHash("md5").update(`${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`).digest("hex");
      // The stream closes the file when it ends, or fails.
      return { modified: stat.mtimeMs, size: stat.size, etag, stream: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  };
}

// A local HTTP server that hands out images, standing in for the storage bucket that serves the
// articles' covers: the benchmarks, the integration tests and the end-to-end tests point
// articles' image URLs at it, so nothing is fetched from the internet.
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface ImageServer {
  /** The server's origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The path of every request received, in order. */
  requests: string[];
  close: () => Promise<void>;
}

export interface ImageSource {
  /** Images kept in memory, by file name. */
  images?: Readonly<Record<string, Buffer>>;
  /** A folder whose files are served by name (content/blog/images, say). */
  dir?: string;
  /** Paths answered with a 302 to another address (which this server never follows itself). */
  redirects?: Readonly<Record<string, string>>;
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".svg": "image/svg+xml",
};

/**
 * Starts the server on a free loopback port. A request is answered by the last segment of its path
 * (so /blog-images/a.webp and /a.webp are the same file), first from `images`, then from `dir`;
 * anything else is a 404. A path listed in `redirects` is answered with its redirect first.
 */
export async function startImageServer(source: ImageSource): Promise<ImageServer> {
  const requests: string[] = [];
  const lookup = async (name: string): Promise<Buffer | undefined> => {
    const inMemory = source.images?.[name];
    if (inMemory) return inMemory;
    if (!source.dir || name === "" || name === "." || name === "..") return undefined;
    try {
      return await readFile(path.join(source.dir, name));
    } catch {
      return undefined;
    }
  };
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    requests.push(pathname);
    const location = source.redirects?.[pathname];
    if (location !== undefined) {
      response.writeHead(302, { location }).end();
      return;
    }
    let name = "";
    try {
      name = path.posix.basename(decodeURIComponent(pathname));
    } catch {
      // a malformed escape names no file: 404
    }
    void lookup(name).then((body) => {
      if (!body) {
        response.writeHead(404).end();
        return;
      }
      const type = CONTENT_TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";
      response.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

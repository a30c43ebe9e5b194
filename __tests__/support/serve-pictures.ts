import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A stand-in for a storage bucket whose pictures a test can replace: ETag, Last-Modified and 304s; /redirect/<path> answers 302 to <path>. */
export interface PictureServer {
  url: string;
  /** Puts (or replaces) the picture at a path. */
  put: (pathname: string, bytes: Buffer) => void;
  /** Answers a path with a 302 to `location` (any address: the server never follows it). */
  redirect: (pathname: string, location: string) => void;
  /** Every request: its path and whether it was conditional, and the status answered. */
  requests: { path: string; conditional: boolean; status: number }[];
  close: () => Promise<void>;
}

export async function servePictures(): Promise<PictureServer> {
  const pictures = new Map<string, { bytes: Buffer; etag: string; modified: string }>();
  const requests: PictureServer["requests"] = [];
  const redirects = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    const location = redirects.get(pathname) ?? (pathname.startsWith("/redirect/") ? pathname.slice(9) : undefined);
    if (location !== undefined) {
      requests.push({ path: pathname, conditional: false, status: 302 });
      return void response.writeHead(302, { Location: location }).end();
    }
    const picture = pictures.get(pathname);
    const conditional =
      request.headers["if-none-match"] !== undefined || request.headers["if-modified-since"] !== undefined;
    const status = !picture ? 404 : request.headers["if-none-match"] === picture.etag ? 304 : 200;
    requests.push({ path: pathname, conditional, status });
    if (status !== 200) return void response.writeHead(status).end();
    response
      .writeHead(200, {
        "Content-Type": "application/octet-stream",
        ETag: picture!.etag,
        "Last-Modified": picture!.modified,
      })
      .end(picture!.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    put: (pathname, bytes) =>
      pictures.set(pathname, {
        bytes,
        etag: `"${createHash("sha1").update(bytes).digest("hex")}"`,
        modified: new Date().toUTCString(),
      }),
    redirect: (pathname, location) => redirects.set(pathname, location),
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

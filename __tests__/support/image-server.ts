import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/** A local HTTP server with one cover image at /cover.webp and 404 for anything else. */
export async function startImageServer(): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#b3124f" } }).webp().toBuffer();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? "");
    if (request.url === "/cover.webp") {
      response.writeHead(200, { "content-type": "image/webp", "content-length": image.length });
      response.end(image);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// The stand-in for an editor's backend, which the real-editor test starts: it serves the editor's
// page, takes the uploads of @editorjs/attaches and @editorjs/personality and answers
// @editorjs/link's requests for a page's metadata, over HTTP on a free local port, as a site's own
// backend would. The editor's page comes from it, not from a route in the browser, because
// Chromium lets only a page from a local address call a local server. An upload is "stored" where
// the site under test already serves the sample images (/blog-images/<name>), so the saved
// article points at files that exist.

export interface EditorBackend {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Endpoints to give the tools: attaches' `endpoint`, personality's `endpoint`, link's `endpoint`. */
  endpoints: { attaches: string; personality: string; linkTool: string };
  /** Every request to an endpoint, as "METHOD /path" (query left out). */
  requests: string[];
  /** Serves `html` at `path` (the editor's page). */
  servePage(path: string, html: string): void;
  close(): Promise<void>;
}

/** What the link endpoint knows of the pages an editor may paste: the metadata a fetcher would read. */
export type LinkPages = Record<string, Record<string, unknown>>;

/** The name and bytes of the one file in a multipart/form-data body. */
function uploadedFile(body: Buffer, contentType: string): { name: string; bytes: Buffer } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) return null;
    const part = body.subarray(start + delimiter.length + 2, next - 2); // past CRLF, before CRLF
    const headerEnd = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, headerEnd).toString("utf8");
    const name = /filename="([^"]*)"/.exec(headers);
    if (name && headerEnd >= 0) return { name: name[1]!, bytes: part.subarray(headerEnd + 4) };
    start = next;
  }
  return null;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

/** Starts the backend for the site at `siteOrigin`, with the metadata of the pages it can fetch. */
export async function startEditorBackend(siteOrigin: string, pages: LinkPages): Promise<EditorBackend> {
  const requests: string[] = [];
  const htmlPages = new Map<string, string>();
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://backend.invalid");
    const page = htmlPages.get(url.pathname);
    if (request.method === "GET" && page !== undefined) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
      return;
    }
    requests.push(`${request.method} ${url.pathname}`);
    if (request.method === "GET" && url.pathname === "/fetch-url") {
      const meta = pages[url.searchParams.get("url") ?? ""];
      send(response, 200, meta ? { success: 1, meta } : { success: 0 });
      return;
    }
    if (request.method === "POST" && (url.pathname === "/upload-file" || url.pathname === "/upload-photo")) {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const file = uploadedFile(Buffer.concat(chunks), request.headers["content-type"] ?? "");
      if (!file) {
        send(response, 400, { success: 0 });
        return;
      }
      const stored = `${siteOrigin}/blog-images/${encodeURIComponent(file.name)}`;
      send(response, 200, {
        success: 1,
        file:
          url.pathname === "/upload-file" ? { url: stored, name: file.name, size: file.bytes.length } : { url: stored },
      });
      return;
    }
    send(response, 404, { success: 0 });
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { success: 0 }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoints: {
      attaches: `${origin}/upload-file`,
      personality: `${origin}/upload-photo`,
      linkTool: `${origin}/fetch-url`,
    },
    requests,
    servePage: (path, html) => htmlPages.set(path, html),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

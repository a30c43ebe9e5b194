import http from "node:http";
import type { AddressInfo } from "node:net";
import { StringDecoder } from "node:string_decoder";

// An HTTP proxy in front of the Firestore emulator that counts the documents the emulator sends
// to listeners: each `documentChange` on a Listen channel is one document read, as Firestore bills
// them. The browser talks to the proxy exactly as it would to the emulator.
//
// It also counts the `CURRENT` target changes: the emulator sends one once a listener has received
// every document of its query's initial result, so a test can wait for that signal instead of
// sleeping before it counts. Requests that carry an `x-e2e-page` header (set per Playwright page)
// are counted under that tag as well, so two pages can be told apart.
const DOCUMENT = '"documentChange"';
const CURRENT = '"CURRENT"';
export const PAGE_TAG_HEADER = "x-e2e-page";

export interface CountingProxy {
  host: string;
  origin: string;
  /** Documents sent to browsers, in all or for one page tag. */
  documentsRead: (tag?: string) => number;
  /** Listen targets the emulator declared current (initial result complete), in all or for one tag. */
  targetsCurrent: (tag?: string) => number;
  close: () => Promise<void>;
}

/** Counts occurrences of `mark` in a stream of chunks, including one that straddles two chunks. */
function markCounter(mark: string): (text: string) => number {
  let tail = "";
  return (text) => {
    const joined = tail + text;
    const found = joined.split(mark).length - tail.split(mark).length;
    tail = joined.slice(-mark.length);
    return found;
  };
}

/** Starts the proxy in front of `target` (host:port). */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const [targetHost, targetPort] = target.split(":");
  const documents = new Map<string, number>();
  const current = new Map<string, number>();
  const add = (counts: Map<string, number>, tag: string | undefined, found: number): void => {
    if (found === 0) return;
    counts.set("", (counts.get("") ?? 0) + found);
    if (tag) counts.set(tag, (counts.get(tag) ?? 0) + found);
  };
  const server = http.createServer((request, response) => {
    const tagHeader = request.headers[PAGE_TAG_HEADER];
    const tag = typeof tagHeader === "string" ? tagHeader : undefined;
    const { [PAGE_TAG_HEADER]: _tag, ...headers } = request.headers;
    const upstream = http.request(
      { host: targetHost, port: Number(targetPort), method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        const counting = (request.url ?? "").includes("/Listen/");
        const decoder = new StringDecoder("utf8");
        const countDocuments = markCounter(DOCUMENT);
        const countCurrent = markCounter(CURRENT);
        answer.on("data", (chunk: Buffer) => {
          // Only what reaches a browser counts (see the close handler below).
          if (counting && !response.destroyed) {
            const text = decoder.write(chunk);
            add(documents, tag, countDocuments(text));
            add(current, tag, countCurrent(text));
          }
          response.write(chunk);
        });
        answer.on("end", () => response.end());
        answer.on("error", () => response.destroy());
      },
    );
    upstream.on("error", () => response.destroy());
    // When the browser goes (a closed tab), its channel to the emulator must go too, or the emulator
    // would go on streaming to a listener nobody has.
    response.on("close", () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    origin: `http://${host}`,
    documentsRead: (tag = "") => documents.get(tag) ?? 0,
    targetsCurrent: (tag = "") => current.get(tag) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

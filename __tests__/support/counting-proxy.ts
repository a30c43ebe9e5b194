import http from "node:http";
import type { AddressInfo } from "node:net";
import { StringDecoder } from "node:string_decoder";

// An HTTP proxy in front of the Firestore emulator that counts the documents the emulator sends
// to listeners: each `documentChange` on a Listen channel is one document read, as Firestore bills
// them. The browser talks to the proxy exactly as it would to the emulator.
const MARK = '"documentChange"';

export interface CountingProxy {
  host: string;
  origin: string;
  documentsRead: () => number;
  close: () => Promise<void>;
}

/** Starts the proxy in front of `target` (host:port). */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const [targetHost, targetPort] = target.split(":");
  let documents = 0;
  const server = http.createServer((request, response) => {
    const upstream = http.request({ host: targetHost, port: Number(targetPort), method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      const counting = (request.url ?? "").includes("/Listen/");
      const decoder = new StringDecoder("utf8");
      let tail = "";
      answer.on("data", (chunk: Buffer) => {
        // Only what reaches a browser counts (see the close handler below).
        if (counting && !response.destroyed) {
          // A mark may straddle two chunks: count in the joined text, minus what the tail held alone.
          const text = tail + decoder.write(chunk);
          documents += text.split(MARK).length - tail.split(MARK).length;
          tail = text.slice(-MARK.length);
        }
        response.write(chunk);
      });
      answer.on("end", () => response.end());
      answer.on("error", () => response.destroy());
    });
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
    documentsRead: () => documents,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

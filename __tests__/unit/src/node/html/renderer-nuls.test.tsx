/** @jest-environment node */
import * as React from "react";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { finishPage } from "../../../../../src/node/html/finish-html";

// React 18's streaming renderer (the one Gatsby renders pages with) writes into 2,048-byte buffers;
// when a multi-byte character does not fit at the end of one, the buffer goes out whole, zero bytes
// and all. Texts that put curly quotes, accents, Hindi and emoji at every offset around that edge.

const SAMPLES = ["“as is”", "café à la carte", "नमस्ते दोस्त", "💞 date night 🌙"];

/** A page as Gatsby's renderer streams it: a shell of HTML around paragraphs of `texts`. */
function renderStreamed(texts: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    const page = (
      <html lang="en">
        <head>
          <title>Terms</title>
        </head>
        <body>
          <main>
            {texts.map((text, index) => (
              <p key={index}>{text}</p>
            ))}
          </main>
        </body>
      </html>
    );
    const stream = renderToPipeableStream(page, { onAllReady: () => stream.pipe(sink), onError: reject });
  });
}

/**
 * Pages of short paragraphs (the renderer copies each small piece into its buffer), shifted a byte
 * at a time, so that the multi-byte characters land on every byte around the buffer's edge.
 */
const pages = SAMPLES.flatMap((sample) =>
  Array.from({ length: 16 }, (_, shift) =>
    Array.from({ length: 80 }, (_, index) => `${"x".repeat(shift + (index % 5))} ${sample} ${index}`),
  ),
);

describe("pages rendered by React 18's streaming renderer", () => {
  it("carry NUL characters before a multi-byte character at a buffer's edge (the renderer's fault this guards against)", async () => {
    const rendered = await Promise.all(pages.map(renderStreamed));
    expect(rendered.filter((html) => html.includes("\u0000")).length).toBeGreaterThan(0);
  });

  it("have none once finished, and keep every character of the text", async () => {
    for (const texts of pages) {
      const { html } = finishPage(await renderStreamed(texts), () => [], undefined);
      expect(html).not.toContain("\u0000");
      for (const text of texts) expect(html).toContain(`<p>${text}</p>`);
    }
  });
});

// A stand-in for `gatsby build` in the rebuild service's queue tests, so they can hold a build open
// for as long as they need: writes a small site that passes the output check after FAKE_BUILD_MS.
// It publishes the project's version.txt, logs each run to FAKE_BUILD_RUNS (with the documents the
// service named to it), fails when the project
// holds a file named FAIL, writes nothing when it holds NO_OUTPUT, and leaves out an article page
// when it holds BROKEN_OUTPUT. It writes two articles, or as many as the project's ARTICLES file says,
// less those its UNPUBLISHED file names.
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const runs = process.env.FAKE_BUILD_RUNS;
const id = process.env.BUILD_ID;
const note = (event: string): void => {
  const {
    REBUILD_SECRET: secret = null,
    CHANGED_DOCUMENT_IDS: documents = null,
    FIRESTORE_FULL_READ: fullRead = null,
  } = process.env;
  if (runs)
    appendFileSync(
      runs,
      `${JSON.stringify({ event, id, pid: process.pid, at: Date.now(), secret, documents, fullRead })}\n`,
    );
};
const page = (title: string): string =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body>${title}</body></html>\n`;
const write = (file: string, text: string): void => {
  mkdirSync(file.split("/").slice(0, -1).join("/") || ".", { recursive: true });
  writeFileSync(file, text);
};

note("start");
console.log(`fake build ${id} starting`);
await new Promise<void>((resolve) => setTimeout(resolve, Number(process.env.FAKE_BUILD_MS ?? 300)));
if (existsSync("FAIL")) {
  console.error(`fake build: error in gatsby-config (FAIL present) at ${process.cwd()}/gatsby-config.ts`);
  note("fail");
  process.exit(1);
}
if (existsSync("NO_OUTPUT")) {
  note("end");
  process.exit(0); // "succeeds" without writing public/
}
const version = existsSync("version.txt") ? readFileSync("version.txt", "utf8").trim() : "none";
write("public/index.html", page(`Home ${version}`));
write("public/blog/index.html", page("Blog"));
write("public/404.html", page("Not found"));
write("public/blogarticle/[...slug]/index.html", page("Article"));
const count = existsSync("ARTICLES") ? Number(readFileSync("ARTICLES", "utf8").trim()) : 2;
// UNPUBLISHED lists slugs the data no longer has (one per line), as after an editor's take-down.
const unpublished = existsSync("UNPUBLISHED") ? readFileSync("UNPUBLISHED", "utf8").split("\n") : [];
const all = Array.from({ length: count }, (_, i) => ["first-article", "second-article"][i] ?? `article-${i + 1}`);
const slugs = all.filter((slug) => !unpublished.includes(slug));
// The search index's manifest and card chunks of 8 (packages/article/src/search-pieces.ts), which the output check reads.
write(
  "public/search/index.json",
  JSON.stringify({ version: 1, slots: slugs.length, shards: 1, idShards: 1, holes: [] }),
);
for (let chunk = 0; chunk * 8 < slugs.length; chunk += 1) {
  write(
    `public/search/c/${chunk.toString(36)}.json`,
    JSON.stringify(slugs.slice(chunk * 8, chunk * 8 + 8).map((slug) => ({ slug }))),
  );
}
// The feed, in the lines the build writes (src/node/feed.ts): newest first (the first article is
// the newest), the channel dated by the newest item; a take-down edits it (webhook/lib/takedown.ts).
const dateOf = (slug: string): string => new Date(Date.UTC(2024, 9, 20) - all.indexOf(slug) * 86_400_000).toUTCString();
const item = (slug: string): string[] => [
  "<item>",
  `<title>${slug}</title>`,
  `<link>https://kindred.example/blogarticle/${slug}</link>`,
  `<guid isPermaLink="true">https://kindred.example/blogarticle/${slug}</guid>`,
  `<pubDate>${dateOf(slug)}</pubDate>`,
  `<content:encoded><![CDATA[<p>The whole body of ${slug}.</p>]]></content:encoded>`,
  "</item>",
];
write(
  "public/rss.xml",
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<rss>",
    "<channel>",
    `<lastBuildDate>${slugs[0] ? dateOf(slugs[0]) : new Date().toUTCString()}</lastBuildDate>`,
    ...slugs.flatMap(item),
    "</channel>",
    "</rss>",
    "",
  ].join("\n"),
);
// As Gatsby does, the pages of articles no longer in the data are deleted from public/.
for (const slug of unpublished.filter(Boolean)) rmSync(`public/blogarticle/${slug}`, { recursive: true, force: true });
for (const slug of slugs) {
  if (slug !== "second-article" || !existsSync("BROKEN_OUTPUT"))
    write(`public/blogarticle/${slug}/index.html`, page(slug));
}
note("end");
console.log(`fake build ${id} done`);

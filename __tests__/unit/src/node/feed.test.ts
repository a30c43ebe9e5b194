import { mkdir, mkdtemp, readFile, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BuildArgs, Reporter, Store } from "gatsby";
import type { SafeBlock } from "@kindred/article";
import { articleHtml, cdata, rssXml, writeFeed, xmlText, type FeedArticle } from "../../../../src/node/feed";

// jsdom's DOMParser is a strict XML parser: a document that is not well-formed XML parses to a
// <parsererror> element.
function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const error = doc.getElementsByTagName("parsererror")[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent ?? ""}`);
  return doc;
}

const CONTENT_NS = "http://purl.org/rss/1.0/modules/content/";
const channel = { siteUrl: "https://kindred.example", title: "Kindred blog", description: "Dating advice & tips" };

const body: SafeBlock[] = [
  { type: "header", html: "Before <em>the</em> date", level: 1 },
  { type: "paragraph", html: 'Read <a href="/blog/2">more</a> &amp; <a href="https://elsewhere.example/x">this</a>.' },
  {
    type: "list",
    style: "unordered",
    start: 1,
    counterType: "numeric",
    items: [{ html: "One", items: [{ html: "Nested", items: [] }] }],
  },
  { type: "code", code: "if (a < b && c) { return ']]>'; }", highlighted: '<span class="hljs-keyword">if</span>' },
  {
    type: "image",
    url: "/blog-images/cover.webp",
    caption: "A <b>café</b>",
    alt: 'A "café"',
    withBorder: false,
    stretched: false,
    withBackground: false,
  },
  {
    type: "table",
    withHeadings: true,
    rows: [
      ["Situation", "What to do"],
      ["Late", "Text"],
    ],
  },
  { type: "quote", html: "Be kind", caption: "Maya", alignment: "left" },
  { type: "delimiter" },
  {
    type: "embed",
    service: "YouTube",
    embedUrl: "https://www.youtube-nocookie.com/embed/x",
    sourceUrl: "https://www.youtube.com/watch?v=abc&t=1",
    caption: "Watch",
    aspectRatio: 1.7,
  },
];

const article = (overrides: Partial<FeedArticle> = {}): FeedArticle => ({
  slug: "first-date-checklist",
  title: 'The "First Date" Checklist & <more>',
  lastUpdate: "2024-10-14T10:00:00.000Z",
  categories: ["First Dates", "Tips & Tricks"],
  description: "Everything in one place <b>now</b>",
  safeBlocks: body,
  ...overrides,
});

describe("rssXml", () => {
  it("is well-formed RSS 2.0 with one item per article, in order, with every field", () => {
    const doc = parseXml(
      rssXml(
        channel,
        [article(), article({ slug: "second", title: "Second", categories: [] })],
        new Date("2024-11-01T00:00:00Z"),
      ),
    );
    expect(doc.documentElement.tagName).toBe("rss");
    expect(doc.documentElement.getAttribute("version")).toBe("2.0");
    const channelElement = doc.getElementsByTagName("channel")[0]!;
    expect(channelElement.getElementsByTagName("title")[0]!.textContent).toBe("Kindred blog");
    expect(channelElement.getElementsByTagName("link")[0]!.textContent).toBe("https://kindred.example/blog");
    expect(channelElement.getElementsByTagName("lastBuildDate")[0]!.textContent).toBe("Fri, 01 Nov 2024 00:00:00 GMT");
    const items = [...doc.getElementsByTagName("item")];
    expect(items).toHaveLength(2);
    const first = items[0]!;
    const field = (name: string): string | null => first.getElementsByTagName(name)[0]?.textContent ?? null;
    expect(field("title")).toBe('The "First Date" Checklist & <more>');
    expect(field("link")).toBe("https://kindred.example/blogarticle/first-date-checklist");
    expect(field("guid")).toBe("https://kindred.example/blogarticle/first-date-checklist");
    expect(field("pubDate")).toBe("Mon, 14 Oct 2024 10:00:00 GMT");
    expect(field("description")).toBe("Everything in one place <b>now</b>");
    expect([...first.getElementsByTagName("category")].map((c) => c.textContent)).toEqual([
      "First Dates",
      "Tips & Tricks",
    ]);
    expect(items[1]!.getElementsByTagName("category")).toHaveLength(0);

    const html = first.getElementsByTagNameNS(CONTENT_NS, "encoded")[0]!.textContent!;
    expect(html).toBe(articleHtml(body, channel.siteUrl));
    expect(html).toContain('<h2 data-editor-level="1">Before <em>the</em> date</h2>');
    expect(html).toContain("<pre><code>if (a &lt; b &amp;&amp; c) { return &#x27;]]&gt;&#x27;; }</code></pre>");
  });

  it("keeps a body with ']]>' and characters XML forbids well-formed", () => {
    const hostile = article({
      title: "Bell \u0007 and lone \uD800 surrogate",
      safeBlocks: [{ type: "paragraph", html: "end ]]> of <b>CDATA</b> \u0001 \uFFFE" }],
    });
    const doc = parseXml(rssXml(channel, [hostile]));
    const html = doc.getElementsByTagNameNS(CONTENT_NS, "encoded")[0]!.textContent!;
    expect(html).toBe("<p>end ]]> of <b>CDATA</b>  </p>");
    expect(doc.getElementsByTagName("item")[0]!.getElementsByTagName("title")[0]!.textContent).toBe(
      "Bell  and lone  surrogate",
    );
  });

  it("is well-formed with no articles at all", () => {
    expect(parseXml(rssXml(channel, [])).getElementsByTagName("item")).toHaveLength(0);
  });
});

describe("articleHtml", () => {
  it("gives the whole body with site paths made absolute and outside links kept", () => {
    const html = articleHtml(body, "https://kindred.example");
    expect(html).toContain('<a href="https://kindred.example/blog/2">more</a>');
    expect(html).toContain('<a href="https://elsewhere.example/x">this</a>');
    expect(html).toContain('<img src="https://kindred.example/blog-images/cover.webp" alt="A &quot;café&quot;"');
    expect(html).toContain("<figcaption>A <b>café</b></figcaption>");
    expect(html).toContain("<ul><li><span>One</span><ul><li><span>Nested</span></li></ul></li></ul>");
    expect(html).toContain(
      '<thead><tr><th scope="col">Situation</th><th scope="col">What to do</th></tr></thead><tbody><tr><td>Late</td><td>Text</td></tr></tbody>',
    );
    expect(html).toContain("<blockquote>Be kind</blockquote><figcaption>Maya</figcaption>");
    expect(html).toContain("<hr/>");
    // An embed is a link in a feed reader, with its caption; nothing loads from the service.
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=abc&amp;t=1" target="_blank" rel="noopener noreferrer nofollow">Open on YouTube</a><figcaption><span>Watch</span></figcaption>',
    );
    expect(html).not.toContain("<button");
    expect(html).not.toContain("<iframe");
    // The feed has no stylesheet of ours: no class of the site's.
    expect(html).not.toMatch(/class="k/);
    // Feed readers get the code as text, not the site's highlighting spans.
    expect(html).not.toContain("hljs");
  });

  it("does not turn protocol-relative or backslash paths into site paths", () => {
    expect(
      articleHtml([{ type: "paragraph", html: '<a href="//evil.example/x">x</a>' }], "https://kindred.example"),
    ).toContain('href="//evil.example/x"');
  });
});

describe("xmlText and cdata", () => {
  it("escape what XML needs escaped", () => {
    expect(xmlText(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
    expect(cdata("a]]>b")).toBe("<![CDATA[a]]]]><![CDATA[>b]]>");
    expect(xmlText("emoji 💞 stays")).toBe("emoji 💞 stays");
  });
});

describe("writeFeed", () => {
  type Stored = FeedArticle & { id: string; digest: string };
  const stored = (overrides: Partial<Stored> = {}): Stored => ({
    id: overrides.slug ?? "first-date-checklist",
    digest: "d1",
    ...article(overrides),
    ...overrides,
  });

  /** A site folder, a cache that lasts across runs, and a graphql that answers from `nodes` (newest first). */
  async function feedSite() {
    const site = await mkdtemp(path.join(tmpdir(), "feed-"));
    await mkdir(path.join(site, "public"));
    const siteMetadata = { siteUrl: "https://kindred.example", siteName: "Kindred", description: "Dating advice" };
    const store = { getState: () => ({ program: { directory: site }, config: { siteMetadata } }) } as unknown as Store;
    const kept = new Map<string, unknown>();
    const cache = {
      get: async (key: string) => kept.get(key),
      set: async (key: string, value: unknown) => void kept.set(key, value),
    };
    const run = async (nodes: Stored[]) => {
      const detailsAskedFor: string[][] = [];
      // The nodes come in no particular order; the feed puts the newest first.
      const getNodesByType = (type: string) =>
        type === "BlogPost"
          ? [...nodes].reverse().map(({ id, lastUpdate, digest }) => ({
              id,
              documentId: id,
              lastUpdate,
              internal: { contentDigest: digest },
            }))
          : [];
      const graphql = jest.fn(async (_query: string, variables?: { ids: string[] }) => {
        detailsAskedFor.push(variables!.ids);
        return { data: { allBlogPost: { nodes: nodes.filter((node) => variables!.ids.includes(node.id)) } } };
      });
      const reporter = { info: jest.fn(), panicOnBuild: jest.fn() };
      await writeFeed({
        graphql: graphql as unknown as BuildArgs["graphql"],
        getNodesByType: getNodesByType as unknown as BuildArgs["getNodesByType"],
        reporter: reporter as unknown as Reporter,
        store,
        cache,
      });
      return { reporter, graphql, detailsAskedFor };
    };
    return { file: path.join(site, "public", "rss.xml"), run };
  }

  it("writes public/rss.xml from the articles, newest first as queried", async () => {
    const { file, run } = await feedSite();
    const { reporter } = await run([
      stored({ slug: "newer", lastUpdate: "2024-10-15T10:00:00.000Z" }),
      stored({ slug: "older" }),
    ]);
    const doc = parseXml(await readFile(file, "utf8"));
    expect([...doc.getElementsByTagName("guid")].map((guid) => guid.textContent)).toEqual([
      "https://kindred.example/blogarticle/newer",
      "https://kindred.example/blogarticle/older",
    ]);
    expect(doc.getElementsByTagName("title")[0]!.textContent).toBe("Kindred blog");
    expect(reporter.info).toHaveBeenCalledWith("/rss.xml lists 2 articles (2 items written, 0 kept)");
  });

  it("dates the channel by its newest article and leaves the file alone when no article changed", async () => {
    const { file, run } = await feedSite();
    await run([stored({ slug: "newer", lastUpdate: "2025-02-03T10:00:00.000Z" }), stored({ slug: "older" })]);
    expect(parseXml(await readFile(file, "utf8")).getElementsByTagName("lastBuildDate")[0]!.textContent).toBe(
      "Mon, 03 Feb 2025 10:00:00 GMT",
    );
    const past = new Date("2020-01-01T00:00:00Z");
    await utimes(file, past, past);

    const again = await run([
      stored({ slug: "newer", lastUpdate: "2025-02-03T10:00:00.000Z" }),
      stored({ slug: "older" }),
    ]);
    expect(again.reporter.info).toHaveBeenCalledWith("/rss.xml lists 2 articles, unchanged (0 items written, 2 kept)");
    expect((await stat(file)).mtimeMs).toBe(past.getTime());

    await run([
      stored({ slug: "newer", lastUpdate: "2025-02-03T10:00:00.000Z", title: "Edited", digest: "d2" }),
      stored({ slug: "older" }),
    ]);
    expect((await stat(file)).mtimeMs).not.toBe(past.getTime());
    expect(await readFile(file, "utf8")).toContain("<title>Edited</title>");
  });

  it("reads in full only the articles that are new or changed since the last feed, and drops removed ones", async () => {
    const { file, run } = await feedSite();
    const first = await run([stored({ slug: "a" }), stored({ slug: "b" }), stored({ slug: "c" })]);
    expect(first.detailsAskedFor).toEqual([["a", "b", "c"]]);

    const nothing = await run([stored({ slug: "a" }), stored({ slug: "b" }), stored({ slug: "c" })]);
    expect(nothing.detailsAskedFor).toEqual([]);

    const edited = await run([
      stored({ slug: "new", lastUpdate: "2024-11-01T00:00:00.000Z" }),
      stored({ slug: "b", title: "B, edited", digest: "d2" }),
      stored({ slug: "c" }),
    ]);
    expect(edited.detailsAskedFor).toEqual([["new", "b"]]);
    const xml = await readFile(file, "utf8");
    expect([...parseXml(xml).getElementsByTagName("guid")].map((guid) => guid.textContent?.split("/").at(-1))).toEqual([
      "new",
      "b",
      "c",
    ]);
    expect(xml).toContain("<title>B, edited</title>");

    // The item written for the edit is kept in its turn; the removed article's is gone for good.
    const after = await run([stored({ slug: "a" }), stored({ slug: "b", title: "B, edited", digest: "d2" })]);
    expect(after.detailsAskedFor).toEqual([["a"]]);
  });
});

import * as React from "react";
import { render, within } from "@testing-library/react";
import { ArticleBody } from "../../../../../../src/components/article-body/ArticleBody";
import { BlockList } from "../../../../../../packages/article/src/components/BlockList";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";
import { safeBlocks, type BodyRules } from "../../../../../../packages/article/src/block-sanitizer";
import { articleHtml } from "../../../../../../src/node/feed";

// The blocks of @editorjs/warning, attaches, link, raw and personality, and the text-variant and
// alignment tunes, in the shapes those tools save, rendered as a reader sees them; hostile input
// in every field a stranger (or a fetched page) could fill.

const RULES: BodyRules = { toolNames: {}, imagePolicy: { hosts: ["images.kindred.example"], allowInsecure: false } };

function renderBody(blocks: unknown[], rules: BodyRules = RULES, report?: (message: string) => void): HTMLElement {
  const { container } = render(<ArticleBody blocks={safeBlocks(blocks, report, rules)} />);
  return container.querySelector("[data-article-body]") as HTMLElement;
}

describe("a warning", () => {
  it("is a note with its title and message as the editor's inline text", () => {
    const body = renderBody([
      { type: "warning", data: { title: "Meet in <b>public</b>", message: "Tell a friend <i>where</i>." } },
    ]);
    const note = within(body).getByRole("note");
    expect(note).toHaveTextContent(/^Meet in public\s*Tell a friend where\.$/);
    expect(note.querySelector("strong b")).toHaveTextContent("public");
    expect(note.querySelector("i")).toHaveTextContent("where");
  });

  it("keeps no script, handler or javascript: link", () => {
    const body = renderBody([
      {
        type: "warning",
        data: { title: '<img src=x onerror="alert(1)">Careful', message: '<a href="javascript:alert(1)">here</a>' },
      },
    ]);
    expect(body.querySelector("img, [onerror]")).toBeNull();
    expect(body.querySelector("a")).not.toHaveAttribute("href");
    expect(within(body).getByRole("note")).toHaveTextContent(/^Careful\s*here$/);
  });
});

describe("an attachment", () => {
  const file = { url: "https://files.kindred.example/plan.pdf", name: "plan.pdf", size: 189952, extension: "pdf" };

  it("is a download of the file as saved, with its title, extension and size as people read them", () => {
    const body = renderBody([{ type: "attaches", data: { file, title: "Our first-date plan" } }]);
    const link = within(body).getByRole("link", { name: "Our first-date plan PDF · 185.5 KiB" });
    expect(link).toHaveAttribute("href", "https://files.kindred.example/plan.pdf");
    expect(link).toHaveAttribute("download");
  });

  it("is named by the file's name when its title is empty, and by the URL when both are", () => {
    const body = renderBody([
      { type: "attaches", data: { file: { ...file, extension: undefined }, title: "" } },
      { type: "attaches", data: { file: { url: "https://files.kindred.example/a%20map.webp" }, title: "" } },
    ]);
    expect(within(body).getByRole("link", { name: "plan.pdf PDF · 185.5 KiB" })).toBeInTheDocument();
    expect(within(body).getByRole("link", { name: "a map.webp WEBP" })).toBeInTheDocument();
  });

  it("is left out, and reported, unless its URL is http(s)", () => {
    const report = jest.fn();
    const body = renderBody(
      [{ type: "attaches", data: { file: { ...file, url: "javascript:alert(1)" }, title: "<b>x</b>" } }],
      RULES,
      report,
    );
    expect(body).toBeEmptyDOMElement();
    const reason = "attachment without an http(s) file URL; left out";
    expect(report.mock.calls).toEqual([[`block 0: ${reason}`, { block: 0, type: "attaches", reason }]]);
  });
});

describe("a link card", () => {
  const meta = {
    title: "Safety on a first date",
    description: "Ten habits that keep a date safe.",
    site_name: "Kindred",
    image: { url: "https://images.kindred.example/safety.webp" },
  };

  it("links to the page with its title, description and host, and the image of an allowed host", () => {
    const body = renderBody([{ type: "linkTool", data: { link: "https://www.kindred.app/safety", meta } }]);
    const link = within(body).getByRole("link");
    expect(link).toHaveAttribute("href", "https://www.kindred.app/safety");
    expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
    expect(link).toHaveTextContent("Safety on a first date" + "Ten habits that keep a date safe." + "kindred.app");
    expect(link.querySelector("img")).toHaveAttribute("src", "https://images.kindred.example/safety.webp");
  });

  it.each([
    ["over http", "http://images.kindred.example/safety.webp"],
    ["from a host whose images are not allowed", "https://tracker.example/pixel.gif"],
    ["from a private address", "https://127.0.0.1/x.png"],
    ["as a javascript: URL", "javascript:alert(1)"],
  ])("has no image slot at all when the image comes %s", (_how, url) => {
    const body = renderBody([
      { type: "linkTool", data: { link: "https://a.example/", meta: { ...meta, image: { url } } } },
    ]);
    expect(body.querySelector("img")).toBeNull();
    expect(body.querySelector("[class*=Image]")).toBeNull();
  });

  it("shows a fetched title with markup in it as text, never as markup", () => {
    const hostile = '<img src=x onerror="alert(1)">Safety';
    const body = renderBody([
      {
        type: "linkTool",
        data: { link: "https://a.example/", meta: { title: hostile, description: "<script>alert(1)</script>" } },
      },
    ]);
    expect(body.querySelector("img, script, [onerror]")).toBeNull();
    expect(within(body).getByRole("link")).toHaveTextContent(`${hostile}<script>alert(1)</script>a.example`);
  });

  it("shows the text Editor.js saved with its entities escaped as the characters they stand for", () => {
    const body = renderBody([
      { type: "linkTool", data: { link: "https://a.example/", meta: { title: "Tips &amp; habits &lt;3" } } },
    ]);
    expect(within(body).getByRole("link")).toHaveTextContent(/^Tips & habits <3a\.example$/);
    expect(body.querySelector("b, img")).toBeNull();
  });

  it("is left out, and reported, unless the link is http(s)", () => {
    const report = jest.fn();
    expect(
      renderBody([{ type: "linkTool", data: { link: "javascript:alert(1)", meta } }], RULES, report),
    ).toBeEmptyDOMElement();
    expect(report.mock.calls[0]?.[0]).toBe("block 0: link card without an http(s) link; left out");
  });
});

describe("raw HTML", () => {
  it("keeps paragraphs, lists, headings, marks and links, and the text of everything else", () => {
    const body = renderBody([
      {
        type: "raw",
        data: {
          html: '<div style="color:red"><h1>Plan</h1><p>Meet <em>early</em>, <a href="https://a.example/">map</a></p><ul><li>Water</li></ul><span>kept text</span></div>',
        },
      },
    ]);
    const raw = body.querySelector("[data-block=raw]")!;
    expect(raw.innerHTML).toBe(
      '<h2>Plan</h2><p>Meet <em>early</em>, <a href="https://a.example/" target="_blank" rel="noopener noreferrer nofollow">map</a></p><ul><li>Water</li></ul>kept text',
    );
  });

  it("drops scripts, styles, frames, handlers and javascript: URLs", () => {
    const body = renderBody([
      {
        type: "raw",
        data: {
          html: '<script>alert(1)</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe><p onclick="alert(1)">Hello <a href="javascript:alert(1)">you</a></p>',
        },
      },
    ]);
    expect(body.querySelector("script, style, iframe, [onclick], [style]")).toBeNull();
    expect(body.querySelector("a")).not.toHaveAttribute("href");
    expect(body).toHaveTextContent(/^Hello you$/);
  });

  it("is left out, and reported, when nothing a reader could see is left", () => {
    const report = jest.fn();
    expect(
      renderBody([{ type: "raw", data: { html: "<script>alert(1)</script>" } }], RULES, report),
    ).toBeEmptyDOMElement();
    expect(report).toHaveBeenCalledTimes(1);
  });
});

describe("a person card", () => {
  const person = {
    name: "Maya Rao",
    description: "Relationship coach <b>not bold</b>",
    link: "https://maya.example/about",
    photo: "https://images.kindred.example/maya.webp",
  };

  it("shows the photo of an allowed host, the name, the description as text and the link", () => {
    const body = renderBody([{ type: "personality", data: person }]);
    expect(body.querySelector("img")).toHaveAttribute("src", "https://images.kindred.example/maya.webp");
    expect(body).toHaveTextContent("Maya Rao");
    expect(body).toHaveTextContent("Relationship coach <b>not bold</b>");
    expect(body.querySelector("b")).toBeNull();
    expect(within(body).getByRole("link", { name: "maya.example/about" })).toHaveAttribute(
      "href",
      "https://maya.example/about",
    );
  });

  it("has no link for a javascript: address and no photo from a host that is not allowed", () => {
    const body = renderBody([
      {
        type: "personality",
        data: { ...person, link: "javascript:alert(document.cookie)", photo: "https://tracker.example/p.gif" },
      },
    ]);
    expect(body.querySelector("a, img")).toBeNull();
    expect(body).toHaveTextContent("Maya Rao");
  });
});

describe("the text variant and alignment tunes", () => {
  it("make a citation a quotation, a call-out a box and details an aside, each aligned as saved", () => {
    // Each class stands for its rule in article-body.module.css.
    const classes = new Proxy({}, { get: (_target, name) => String(name) });
    const { container: body } = render(
      <BodyClassesProvider value={classes}>
        <BlockList
          blocks={safeBlocks(
            [
              { type: "paragraph", data: { text: "Quoted" }, tunes: { textVariant: "citation" } },
              {
                type: "paragraph",
                data: { text: "Important" },
                tunes: { textVariant: "call-out", alignment: { alignment: "center" } },
              },
              { type: "paragraph", data: { text: "Aside" }, tunes: { textVariant: "details" } },
              { type: "header", data: { text: "Right", level: 2 }, tunes: { alignmentTune: { alignment: "right" } } },
              {
                type: "paragraph",
                data: { text: "Plain" },
                tunes: { textVariant: "", alignment: { alignment: "left" } },
              },
            ],
            undefined,
            RULES,
          )}
        />
      </BodyClassesProvider>,
    );
    const [citation, callOut, details, right, plain] = [...body.children];
    expect(citation!.tagName).toBe("BLOCKQUOTE");
    expect(citation).toHaveClass("citation");
    expect(callOut).toHaveAttribute("data-variant", "call-out");
    expect(callOut).toHaveClass("callOut", "alignCenter");
    expect(details!.tagName).toBe("ASIDE");
    expect(right).toHaveAttribute("data-text-align", "right");
    expect(right!.querySelector("h2")).toHaveTextContent("Right");
    expect(plain!.tagName).toBe("P");
    expect(plain).not.toHaveAttribute("class");
  });

  it("ignore values no tune saves", () => {
    const body = renderBody([
      {
        type: "paragraph",
        data: { text: "x" },
        tunes: { textVariant: "<script>", alignment: { alignment: "justify;color:red" }, anchor: { id: "a" } },
      },
    ]);
    expect(body.children[0]!.tagName).toBe("P");
  });
});

describe("tool names", () => {
  it("are read through the site's editorToolNames, which can name any known tool or tune", () => {
    const rules: BodyRules = { ...RULES, toolNames: { callout: "warning", link: "linkTool", variant: "textVariant" } };
    const report = jest.fn();
    const body = renderBody(
      [
        { type: "callout", data: { title: "Heads up", message: "" }, tunes: { variant: "details" } },
        { type: "link", data: { link: "https://a.example/", meta: { title: "A" } } },
      ],
      rules,
      report,
    );
    expect(report).not.toHaveBeenCalled();
    expect(within(body).getByRole("note")).toHaveTextContent("Heads up");
    expect(body.children[0]!.tagName).toBe("ASIDE");
    expect(within(body).getByRole("link")).toHaveTextContent("A");
  });

  it("are left out with a warning when neither the tools nor the site know them", () => {
    const report = jest.fn();
    renderBody([{ type: "link", data: { link: "https://a.example/" } }], RULES, report);
    expect(report.mock.calls).toEqual([
      [
        'block 0: unknown block type "link"; left out',
        { block: 0, type: "link", reason: 'unknown block type "link"; left out' },
      ],
    ]);
  });
});

describe("in the feed", () => {
  it("every new block and tune is drawn by the same renderer, with no classes", () => {
    const html = articleHtml(
      safeBlocks(
        [
          { type: "warning", data: { title: "Note", message: "Be kind" } },
          { type: "attaches", data: { file: { url: "/blog-images/plan.pdf", size: 91 }, title: "Plan" } },
          { type: "linkTool", data: { link: "https://a.example/", meta: { title: "A" } } },
          { type: "raw", data: { html: "<p>Raw</p>" } },
          { type: "personality", data: { name: "Maya" } },
          { type: "paragraph", data: { text: "Cited" }, tunes: { textVariant: "citation" } },
        ],
        undefined,
        RULES,
      ),
      "https://kindred.app",
    );
    expect(html).not.toContain("class=");
    expect(html).toContain('href="https://kindred.app/blog-images/plan.pdf"');
    for (const text of [
      "Be kind",
      "91 B",
      ">A<",
      "<p>Raw</p>",
      "Maya",
      '<blockquote data-variant="citation"><p>Cited</p>',
    ])
      expect(html).toContain(text);
  });
});

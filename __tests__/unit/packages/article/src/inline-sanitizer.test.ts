import { sanitizeInline } from "../../../../../packages/article/src/inline-sanitizer";

// Hostile inline HTML as an attacker could store it in a Firestore document.
const HOSTILE: string[] = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
  '<b onmouseover="alert(1)">bold</b>',
  '<i style="background:url(javascript:alert(1))">x</i>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus="alert(1)">',
  '<details open ontoggle="alert(1)">',
  '<body onload="alert(1)">',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror="alert(1)">',
  "<style>*{display:none}</style>",
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  "<scr<script>ipt>alert(1)</script>",
  "<<script>script>alert(1)<</script>/script>",
  '<img src="x" onerror="alert(1)"',
  '<a href="https://ok.example"><img src=x onerror=alert(1)></a>',
  "<mark><script>alert(1)</script></mark>",
  "<code onclick=alert(1)>x</code>",
  "<a href=//evil.example>x</a>",
  '<a xlink:href="javascript:alert(1)">x</a>',
  "<marquee onstart=alert(1)>x</marquee>",
  "<div onpointerenter=alert(1)>x</div>",
  "<template><script>alert(1)</script></template>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '"><script>alert(1)</script>',
  '<a href="https://ok.example" target="_self" rel="opener">x</a>',
];

describe("sanitizeInline", () => {
  it.each(HOSTILE)("neutralises %s", (input) => {
    const output = sanitizeInline(input);
    const doc = new DOMParser().parseFromString(`<div>${output}</div>`, "text/html");
    const elements = [...doc.body.querySelectorAll("*")].filter((el) => el !== doc.body.firstElementChild);
    for (const element of elements) {
      expect(["B", "STRONG", "I", "EM", "U", "MARK", "CODE", "BR", "A"]).toContain(element.tagName);
      for (const attribute of [...element.attributes]) {
        expect(["href", "target", "rel"]).toContain(attribute.name);
      }
      const href = element.getAttribute("href");
      if (href !== null) expect(href).toMatch(/^(https?:\/\/|mailto:|\/[^/])/i);
    }
    expect(output).not.toMatch(/<script|onerror|onload|javascript:/i);
  });

  it("keeps the inline formatting Editor.js writes", () => {
    expect(
      sanitizeInline(
        '<b>bold</b>, <i>italic</i>, <mark class="cdx-marker">marked</mark>, <code class="inline-code">x</code><br>',
      ),
    ).toBe("<b>bold</b>, <i>italic</i>, <mark>marked</mark>, <code>x</code><br />");
  });

  it("opens links to other sites in a new tab without sharing the page", () => {
    expect(sanitizeInline('<a href="https://elsewhere.example/a">x</a>')).toBe(
      '<a href="https://elsewhere.example/a" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeInline('<a href="mailto:support@kindred.app">mail</a>')).toBe(
      '<a href="mailto:support@kindred.app">mail</a>',
    );
  });

  it("returns an empty string for anything that is not a string", () => {
    expect(sanitizeInline(undefined)).toBe("");
    expect(sanitizeInline({ html: "<b>x</b>" })).toBe("");
  });
});

describe("sanitizeInline links, as the browser parses them", () => {
  const hrefOf = (html: string): string | null => {
    const doc = new DOMParser().parseFromString(`<div>${sanitizeInline(html)}</div>`, "text/html");
    return doc.querySelector("a")?.getAttribute("href") ?? null;
  };

  it.each([
    ['<a href="/\\evil.example/x">x</a>'],
    ['<a href="//evil.example/x">x</a>'],
    ['<a href="/.//evil.example/x">x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>'],
    ['<a href="java&#10;script:alert(1)">x</a>'],
    ['<a href="&#x20;JAVASCRIPT:alert(1)">x</a>'],
    ['<a href="https://kindred.app@evil.example/">x</a>'],
  ])("drops the address of %s and keeps its text", (html) => {
    expect(hrefOf(html)).toBeNull();
    expect(sanitizeInline(html)).toContain(">x</a>");
  });

  it("writes a site path as a site path, and an absolute URL in the parser's form", () => {
    expect(hrefOf('<a href="/blog">x</a>')).toBe("/blog");
    expect(hrefOf('<a href="HTTPS://Elsewhere.Example">x</a>')).toBe("https://elsewhere.example/");
  });
});

// Links to the site's own pages (SITE_URL, default https://kindred.app, with or without www., over
// http or https) are written root-relative: they stay on whatever host serves the site (a preview,
// `npm start`) and the article body follows them without reloading the page.
describe("sanitizeInline links to this site", () => {
  const linkOf = (href: string): { href: string | null; target: string | null; rel: string | null } => {
    const doc = new DOMParser().parseFromString(`<div>${sanitizeInline(`<a href="${href}">x</a>`)}</div>`, "text/html");
    const link = doc.querySelector("a");
    return {
      href: link?.getAttribute("href") ?? null,
      target: link?.getAttribute("target") ?? null,
      rel: link?.getAttribute("rel") ?? null,
    };
  };

  it.each([
    ["the site's origin", "https://kindred.app/blog", "/blog"],
    ["its www. host", "https://www.kindred.app/blog", "/blog"],
    ["http", "http://kindred.app/terms", "/terms"],
    ["http and www.", "http://www.kindred.app/terms", "/terms"],
    ["the bare origin", "https://kindred.app", "/"],
    ["upper case, as the browser reads it", "HTTPS://WWW.KINDRED.APP/Blog/2", "/Blog/2"],
    ["a query and a hash, kept", "https://kindred.app/blog/2?ref=article&x=1#top", "/blog/2?ref=article&x=1#top"],
    ["an explicit default port", "https://kindred.app:443/privacy", "/privacy"],
  ])("writes a link to %s as a site path, in the same tab", (_case, href, path) => {
    expect(linkOf(href)).toEqual({ href: path, target: null, rel: null });
  });

  it.each([
    ["a host that starts with ours", "https://kindred.app.evil.example/", "https://kindred.app.evil.example/"],
    ["a host that ends with ours", "https://evilkindred.app/", "https://evilkindred.app/"],
    ["a subdomain other than www.", "https://blog.kindred.app/", "https://blog.kindred.app/"],
    ["www. twice", "https://www.www.kindred.app/", "https://www.www.kindred.app/"],
    [
      "our address in the query",
      "https://evil.example/?https://kindred.app",
      "https://evil.example/?https://kindred.app",
    ],
    [
      "our address in the path",
      "https://evil.example/https://kindred.app/blog",
      "https://evil.example/https://kindred.app/blog",
    ],
    ["another port", "https://kindred.app:8443/blog", "https://kindred.app:8443/blog"],
  ])("leaves a link to %s absolute, opening in a new tab", (_case, href, written) => {
    expect(linkOf(href)).toEqual({ href: written, target: "_blank", rel: "noopener noreferrer nofollow" });
  });

  it("never makes a look-alike with our address as its user name a site path", () => {
    for (const href of [
      "https://kindred.app@evil.example/",
      "https://www.kindred.app:pw@evil.example/blog",
      "https://user@kindred.app/blog",
    ]) {
      const written = linkOf(href).href;
      if (written !== null) expect(written).toMatch(/^https:\/\//);
      if (written !== null) expect(new URL(written).hostname).toBe("evil.example");
    }
  });

  it("never turns a path of our site into a protocol-relative address", () => {
    for (const href of [
      "https://kindred.app//evil.example/x",
      "https://kindred.app/\\evil.example/x",
      "https://www.kindred.app/.//evil.example/x",
    ]) {
      const written = linkOf(href).href;
      expect(written).not.toBeNull();
      expect(new URL(written!, "https://preview.example.net/blogarticle/a").hostname).not.toBe("evil.example");
    }
  });

  it("leaves mailto links alone", () => {
    expect(linkOf("mailto:hello@kindred.app")).toEqual({ href: "mailto:hello@kindred.app", target: null, rel: null });
  });
});

describe("the site's origin, as the build was configured", () => {
  const globals = globalThis as { __SITE_URL__?: string };
  const saved = process.env.SITE_URL;
  afterEach(() => {
    delete globals.__SITE_URL__;
    if (saved === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = saved;
  });

  /** sanitizeInline of a fresh copy of the module, as a page (or the build) would load it. */
  const freshSanitize = (): typeof sanitizeInline => {
    let fresh: typeof sanitizeInline = sanitizeInline;
    jest.isolateModules(() => {
      fresh = (
        jest.requireActual("../../../../../packages/article/src/inline-sanitizer") as {
          sanitizeInline: typeof sanitizeInline;
        }
      ).sanitizeInline;
    });
    return fresh;
  };

  it("in a browser bundle, comes from the address webpack wrote in (the build's SITE_URL), not from the page's process.env", () => {
    delete process.env.SITE_URL;
    globals.__SITE_URL__ = "https://preview.example.net";
    const sanitize = freshSanitize();
    expect(sanitize('<a href="https://preview.example.net/blog">x</a>')).toBe('<a href="/blog">x</a>');
    expect(sanitize('<a href="https://www.preview.example.net/blog">x</a>')).toBe('<a href="/blog">x</a>');
    expect(sanitize('<a href="https://kindred.app/blog">x</a>')).toContain('target="_blank"');
  });

  it("at build time, comes from SITE_URL, with or without www. and a trailing slash", () => {
    process.env.SITE_URL = "https://www.kindred.example/";
    const sanitize = freshSanitize();
    expect(sanitize('<a href="https://kindred.example/blog">x</a>')).toBe('<a href="/blog">x</a>');
    expect(sanitize('<a href="https://www.kindred.example/blog">x</a>')).toBe('<a href="/blog">x</a>');
    expect(sanitize('<a href="https://kindred.app/blog">x</a>')).toContain('target="_blank"');
  });

  it("on a local site, keeps its port", () => {
    process.env.SITE_URL = "http://localhost:9000";
    const sanitize = freshSanitize();
    expect(sanitize('<a href="http://localhost:9000/blog">x</a>')).toBe('<a href="/blog">x</a>');
    expect(sanitize('<a href="http://localhost:8000/blog">x</a>')).toContain('target="_blank"');
  });
});

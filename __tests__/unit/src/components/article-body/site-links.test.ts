import { navigate } from "gatsby";
import { followSiteLinks, sitePagePath } from "../../../../../src/components/article-body/site-links";

// Which links of an article body are pages of this site, and the click handler that opens those
// through Gatsby's router. (ArticleBody.test.tsx follows the same links from a rendered body.)

beforeEach(() => jest.mocked(navigate).mockClear());
afterEach(() => {
  document.body.innerHTML = "";
});

describe("sitePagePath", () => {
  it.each([
    ["/blog", "/blog"],
    ["/blog/2?ref=a#top", "/blog/2?ref=a#top"],
    ["/blogarticle/first-date", "/blogarticle/first-date"],
    ["/terms#eligibility", "/terms#eligibility"],
    // A dot in the query or the hash, or in a folder's name, is no file.
    ["/blog?q=v1.2", "/blog?q=v1.2"],
    ["/blog#a.b", "/blog#a.b"],
    ["/v1.2/notes", "/v1.2/notes"],
  ])("takes the site path %s", (href, expected) => {
    expect(sitePagePath(href)).toBe(expected);
  });

  it.each([
    ["no href", null],
    ["an empty href", ""],
    ["another site", "https://elsewhere.example/blog"],
    ["a protocol-relative address", "//elsewhere.example/blog"],
    ["a backslash address browsers read as another host", "/\\elsewhere.example/blog"],
    ["a relative path", "blog/2"],
    ["a hash on this page", "#footer"],
    ["a mail address", "mailto:hello@kindred.app"],
    ["the feed, a file", "/rss.xml"],
    ["an image file", "/static/abc/cover.webp?v=2"],
  ])("leaves out %s", (_what, href) => {
    expect(sitePagePath(href)).toBeNull();
  });
});

describe("followSiteLinks", () => {
  /** A body with these links, followed; clicks report whether the browser's own handling was cancelled. */
  function body(html: string) {
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const stop = followSiteLinks(container);
    const click = (selector: string): boolean => {
      const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
      container.querySelector(selector)!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    return { container, stop, click };
  }

  it("opens a page of the site through the router, instead of loading it", () => {
    const { click } = body('<a id="a" href="/blog/2">page two</a>');
    expect(click("#a")).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/blog/2");
  });

  it("leaves to the browser a link that downloads, or opens in another frame", () => {
    const { click } = body(
      '<a id="d" href="/blog" download>save</a><a id="t" href="/blog" target="other">frame</a><a id="s" href="/blog" target="_self">same</a>',
    );
    expect(click("#d")).toBe(false);
    expect(click("#t")).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(click("#s")).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/blog");
  });

  it("stops when the function it returns is called", () => {
    const { click, stop } = body('<a id="a" href="/blog">blog</a>');
    stop();
    expect(click("#a")).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});

import * as React from "react";
import { render, waitFor } from "@testing-library/react";
import { Helmet } from "react-helmet";
import { firstPageDrawn, loadPageHead, PageHead } from "../../../../../src/components/layout/PageHead";

// The head as the HTML renderer and `gatsby develop` write it: react-helmet, on every page. (The
// production browser bundle's stand-in, which fetches react-helmet only when a head must change, is
// PageHead.browser.tsx, tested beside this file.)

// The props react-helmet is given, kept by a stand-in that renders the real one.
jest.mock("react-helmet", () => {
  const actual = jest.requireActual<typeof import("react-helmet")>("react-helmet");
  const React = jest.requireActual<typeof import("react")>("react");
  const Recorded = jest.fn((props: import("react-helmet").HelmetProps) => React.createElement(actual.Helmet, props));
  return { ...actual, Helmet: Object.assign(Recorded, { peek: actual.Helmet.peek }) };
});

/** A page's head as Seo.tsx hands it over: react-helmet takes elements, not a fragment. */
const head = (title: string) => [
  <title key="title">{title}</title>,
  <meta key="description" name="description" content={`about ${title}`} />,
  <link key="canonical" rel="canonical" href={`https://kindred.test/${title.toLowerCase()}/`} />,
];

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute("content");

beforeEach(() => {
  jest.mocked(Helmet).mockClear();
});

describe("PageHead", () => {
  it("writes the page's title, meta, links and html attributes through react-helmet", async () => {
    render(
      <PageHead defer={false} htmlAttributes={{ lang: "en" }}>
        {head("Blog")}
      </PageHead>,
    );
    await waitFor(() => expect(document.title).toBe("Blog"));
    expect(description()).toBe("about Blog");
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", "https://kindred.test/blog/");
    expect(document.documentElement).toHaveAttribute("lang", "en");
    expect(Helmet.peek().title).toBe("Blog");
  });

  it("writes a live head the same way, without handing react-helmet the `live` flag", async () => {
    render(
      <PageHead defer={false} live>
        {head("Preview")}
      </PageHead>,
    );
    await waitFor(() => expect(document.title).toBe("Preview"));
    const [props] = jest.mocked(Helmet).mock.calls[0]!;
    expect(props).not.toHaveProperty("live");
    expect(props).toMatchObject({ defer: false });
  });

  it("changes the head with the page, and gives the earlier page's head back when the later one goes", async () => {
    const blog = render(<PageHead defer={false}>{head("Blog")}</PageHead>);
    await waitFor(() => expect(document.title).toBe("Blog"));
    const article = render(<PageHead defer={false}>{head("Article")}</PageHead>);
    await waitFor(() => expect(document.title).toBe("Article"));
    expect(description()).toBe("about Article");
    article.unmount();
    await waitFor(() => expect(document.title).toBe("Blog"));
    expect(description()).toBe("about Blog");
    blog.unmount();
  });
});

describe("what the browser's stand-in adds", () => {
  it("has nothing to fetch and nothing to note where react-helmet is part of the bundle", async () => {
    await expect(loadPageHead()).resolves.toBeUndefined();
    expect(firstPageDrawn()).toBeUndefined();
    // A head mounted after the first page is still written at once.
    render(<PageHead defer={false}>{head("Later")}</PageHead>);
    await waitFor(() => expect(document.title).toBe("Later"));
  });
});

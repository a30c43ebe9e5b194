/** @jest-environment node */
import * as React from "react";
import { renderToString } from "react-dom/server";
import type { PageProps } from "gatsby";

// Gatsby renders two pages at a time in one process, and react-helmet keeps one head for all of
// them: a page whose render suspends can finish after another page has taken the head (a warm build
// published Home with no title, description or canonical link). Home must render on the server
// without suspending, its on-demand sections included. renderToString cannot wait: whatever
// suspends comes out as its fallback, the sections' empty placeholders.

describe("Home on the server", () => {
  const stage = process.env.BUILD_STAGE;
  afterEach(() => {
    process.env.BUILD_STAGE = stage;
    jest.resetModules();
  });

  it("renders its on-demand sections at once in the HTML build", async () => {
    process.env.BUILD_STAGE = "build-html";
    const { default: HomePage } = (await import("../../../../src/pages/index")) as {
      default: React.ComponentType<PageProps>;
    };
    const html = renderToString(<HomePage {...({ location: { pathname: "/" } } as PageProps)} />);
    expect(html).toContain('id="features-heading"');
    expect(html).toContain("Built for real connections");
    expect(html).toContain('id="about-heading"');
    expect(html).toContain("About us");
  });
});

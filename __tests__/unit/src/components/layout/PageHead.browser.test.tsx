import * as React from "react";
import { act, fireEvent, render, waitFor } from "@testing-library/react";

// The browser's PageHead (swapped in by src/node/browser-stand-ins.ts): the first page keeps the head
// the build wrote and fetches no react-helmet; a page opened after it, or one whose head is live,
// is written by react-helmet, fetched then, once.

/** A fresh copy of the module (its state is the page's), and a count of react-helmet fetches. */
function freshModule() {
  let fetches = 0;
  // A new module registry, so the module's state and its fetch of react-helmet start afresh; one
  // React for the test and the module.
  jest.resetModules();
  jest.doMock("react", () => React);
  jest.doMock("react-helmet", () => {
    fetches += 1;
    return jest.requireActual("react-helmet");
  });
  const module = jest.requireActual<typeof import("../../../../../src/components/layout/PageHead.browser")>(
    "../../../../../src/components/layout/PageHead.browser",
  );
  return { module, fetches: () => fetches };
}

/** A page's head as Seo.tsx hands it over: react-helmet takes elements, not a fragment. */
const head = (title: string) => [
  <title key="title">{title}</title>,
  <meta key="description" name="description" content={`about ${title}`} />,
];

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="from the build" data-react-helmet="true">';
  document.title = "From the build";
});

afterEach(() => {
  jest.dontMock("react");
  jest.dontMock("react-helmet");
});

it("leaves the first page's head as the build wrote it, and fetches no react-helmet", async () => {
  const { module, fetches } = freshModule();
  const { PageHead } = module;
  const { rerender } = render(<PageHead defer={false}>{head("First")}</PageHead>);
  module.firstPageDrawn();
  rerender(<PageHead defer={false}>{head("First, drawn again")}</PageHead>);
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(document.title).toBe("From the build");
  expect(fetches()).toBe(0);
});

it("writes the head of a page opened after the first with react-helmet, fetched once", async () => {
  const { module, fetches } = freshModule();
  const { PageHead } = module;
  const first = render(<PageHead defer={false}>{head("First")}</PageHead>);
  module.firstPageDrawn();
  first.unmount();
  const second = render(<PageHead defer={false}>{head("Second")}</PageHead>);
  await waitFor(() => expect(document.title).toBe("Second"));
  expect(document.head.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("about Second");
  second.unmount();
  render(<PageHead defer={false}>{head("Third")}</PageHead>);
  await waitFor(() => expect(document.title).toBe("Third"));
  expect(fetches()).toBe(1);
});

it("writes a live head on the first page", async () => {
  const { module } = freshModule();
  render(
    <module.PageHead defer={false} live>
      {head("Live")}
    </module.PageHead>,
  );
  await waitFor(() => expect(document.title).toBe("Live"));
});

it("fetches react-helmet when a pointer or the focus comes to a link of the site, not to another element", async () => {
  const { module, fetches } = freshModule();
  document.body.innerHTML =
    '<p id="text">Text</p><a id="away" href="https://example.com/">Away</a><a id="blog" href="/blog">Blog</a>';
  module.firstPageDrawn();
  fireEvent.mouseOver(document.getElementById("text")!);
  fireEvent.focusIn(document.getElementById("away")!);
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(fetches()).toBe(0);
  fireEvent.pointerDown(document.getElementById("blog")!);
  await waitFor(() => expect(fetches()).toBe(1));
});

import * as React from "react";
import { renderToString } from "react-dom/server";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BlogSearch } from "../../../../../src/components/blog/BlogSearch";

// The blog's search box: what it reports as the visitor types, focuses and submits, the status it
// announces, and that the server's HTML keeps it hidden until the page's script can make it work.
// Here every CSS module class reads as its own name: "awaitingScript" is the class that hides it.
jest.mock(
  "../../../../../src/components/blog/blog-search.module.css",
  () => new Proxy({}, { get: (_target, key) => (key === "__esModule" ? true : key) }),
);

/** The box with its value kept by the test, as the blog list keeps it. */
function SearchHarness({
  status = "",
  onChange,
  onActivate,
}: {
  status?: string;
  onChange: jest.Mock;
  onActivate: jest.Mock;
}) {
  const [value, setValue] = React.useState("");
  return (
    <BlogSearch
      value={value}
      status={status}
      onActivate={onActivate}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe("BlogSearch", () => {
  it("is a search landmark with a labelled box", () => {
    render(<BlogSearch value="" onChange={jest.fn()} onActivate={jest.fn()} status="" />);
    const box = screen.getByRole("searchbox", { name: "Search articles by title" });
    expect(screen.getByRole("search")).toContainElement(box);
    expect(box).toHaveAttribute("placeholder", "Search for your interest");
    expect(screen.getByRole("button", { name: "Search" })).toHaveAttribute("type", "submit");
  });

  it("starts the live updates on the first focus, and reports every change", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const onActivate = jest.fn();
    render(<SearchHarness onChange={onChange} onActivate={onActivate} />);
    await user.click(screen.getByRole("searchbox"));
    expect(onActivate).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard("date");
    expect(onChange.mock.calls.map(([text]) => text as string)).toEqual(["d", "da", "dat", "date"]);
    expect(screen.getByRole("searchbox")).toHaveValue("date");
  });

  it("searches again on Enter or on the button, with the box's text, without leaving the page", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const onActivate = jest.fn();
    const submitted = jest.fn();
    window.addEventListener("submit", submitted);
    render(<SearchHarness onChange={onChange} onActivate={onActivate} />);
    await user.type(screen.getByRole("searchbox"), "safety");
    onChange.mockClear();
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(onChange.mock.calls).toEqual([["safety"], ["safety"]]);
    expect(submitted.mock.calls.every(([event]) => (event as Event).defaultPrevented)).toBe(true);
    window.removeEventListener("submit", submitted);
  });

  it("announces its status politely, and hides the status line while there is none", () => {
    const { rerender } = render(<BlogSearch value="" onChange={jest.fn()} onActivate={jest.fn()} status="" />);
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(status).toHaveClass("visually-hidden");
    rerender(<BlogSearch value="date" onChange={jest.fn()} onActivate={jest.fn()} status="3 articles found" />);
    expect(status).toHaveTextContent("3 articles found");
    expect(status).not.toHaveClass("visually-hidden");
  });

  it("is hidden in the server's HTML, and shown once the page's script runs", () => {
    const element = <BlogSearch value="" onChange={jest.fn()} onActivate={jest.fn()} status="" />;
    const html = renderToString(element);
    expect(html).toMatch(/<form[^>]*class="[^"]*\bawaitingScript\b/);
    render(element);
    expect(screen.getByRole("search")).not.toHaveClass("awaitingScript");
  });
});

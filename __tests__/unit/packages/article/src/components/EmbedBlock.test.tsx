import * as React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { renderBody } from "../../../../../support/article-body";
import { EmbedBlock } from "../../../../../../packages/article/src/components/EmbedBlock";
import { FeedModeContext } from "../../../../../../packages/article/src/components/body-classes";
import {
  EMBED_FRAME,
  EMBED_SRC_ATTRIBUTE,
  EMBED_TITLE_ATTRIBUTE,
} from "../../../../../../packages/article/src/components/embed-frame";

const VIDEO = {
  type: "embed" as const,
  service: "YouTube",
  sourceUrl: "https://www.youtube.com/watch?v=M7lc1UVf-VE",
  embedUrl: "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE",
  aspectRatio: 16 / 9,
  caption: "A <i>short</i> film",
};

describe("embeds off the allowlist", () => {
  it("keep their caption beside the link", () => {
    const body = renderBody([
      {
        type: "embed",
        data: {
          service: "coub",
          source: "https://coub.com/view/1czcdf",
          embed: "https://coub.com/embed/1czcdf",
          caption: "A <b>loop</b> to smile at",
        },
      },
    ]);
    const link = screen.getByRole("link", { name: "https://coub.com/view/1czcdf" });
    expect(link).toHaveAttribute("href", "https://coub.com/view/1czcdf");
    expect(body.querySelector("figcaption")!.innerHTML).toBe("A <b>loop</b> to smile at");
  });
});

describe("an allowlisted embed", () => {
  it("asks nothing of the other service until the visitor loads it, and says where it comes from", () => {
    const { container } = render(<EmbedBlock block={VIDEO} />);
    const button = screen.getByRole("button", { name: /Load the YouTube content/ });
    expect(button).toHaveTextContent("It comes from www.youtube-nocookie.com");
    expect(button).toHaveAttribute(EMBED_SRC_ATTRIBUTE, VIDEO.embedUrl);
    expect(button).toHaveAttribute(EMBED_TITLE_ATTRIBUTE, "YouTube embed");
    expect(container.querySelector("iframe")).toBeNull();
    expect(container.querySelector("figcaption")!.innerHTML).toContain("A <i>short</i> film");
    expect(screen.getByRole("link", { name: "Open on YouTube" })).toHaveAttribute("href", VIDEO.sourceUrl);
  });

  it("becomes the sandboxed frame when the visitor asks, in the shape the editor saved", () => {
    const { container } = render(<EmbedBlock block={VIDEO} />);
    fireEvent.click(screen.getByRole("button"));
    const frame = screen.getByTitle("YouTube embed");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", VIDEO.embedUrl);
    expect(frame).toHaveAttribute("sandbox", EMBED_FRAME.sandbox);
    expect(frame).toHaveAttribute("loading", "lazy");
    expect(screen.queryByRole("button")).toBeNull();
    expect((container.querySelector("iframe")!.parentElement as HTMLElement).style.aspectRatio).toBe(String(16 / 9));
  });

  it("is a plain link, with its caption, in the feed", () => {
    const { container } = render(
      <FeedModeContext.Provider value>
        <EmbedBlock block={VIDEO} />
      </FeedModeContext.Provider>,
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Open on YouTube" })).toHaveAttribute(
      "rel",
      "noopener noreferrer nofollow",
    );
    expect(container.querySelector("figcaption")!.textContent).toBe("A short film");
  });

  it("comes from what the editor saved, through the sanitizer", () => {
    renderBody([
      { type: "embed", data: { service: "youtube", source: "https://www.youtube.com/watch?v=M7lc1UVf-VE" } },
    ]);
    expect(screen.getByRole("button", { name: /Load the YouTube content/ })).toBeInTheDocument();
  });
});

import * as React from "react";
import { render } from "@testing-library/react";
import { CodeBlock } from "../../../../../../packages/article/src/components/CodeBlock";

describe("CodeBlock", () => {
  it("renders the build's highlighted spans when there are some", () => {
    const { container } = render(
      <CodeBlock block={{ type: "code", code: "let a", highlighted: '<span class="hljs-keyword">let</span> a' }} />,
    );
    expect(container.querySelector("pre code span.hljs-keyword")?.textContent).toBe("let");
    expect(container.querySelector("pre code")?.textContent).toBe("let a");
  });

  it("shows code without highlighting as text, never as markup", () => {
    const { container } = render(<CodeBlock block={{ type: "code", code: '<img src=x onerror="alert(1)">' }} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("pre code")?.textContent).toBe('<img src=x onerror="alert(1)">');
  });
});

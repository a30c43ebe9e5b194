import { escapeHtml } from "../../../../../packages/article/src/escape-html";

describe("escapeHtml", () => {
  it("escapes what could end text or a double-quoted attribute, ampersands first", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry's&lt;/a&gt;");
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });

  it("leaves a Content-Security-Policy's quotes as they are", () => {
    expect(escapeHtml("script-src 'self' 'sha256-a+b/c='")).toBe("script-src 'self' 'sha256-a+b/c='");
  });
});

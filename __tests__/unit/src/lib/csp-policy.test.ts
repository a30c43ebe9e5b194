/** @jest-environment node */
import { createHash } from "node:crypto";
import { headerPolicy, pagePolicy } from "../../../../src/lib/csp-policy";
import { inlineScriptHashes, withPolicyMeta } from "../../../support/page-policy";
import { hostingEntry } from "../../../../scripts/lib/hosting.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the hashes of a page's inline scripts", () => {
  it("hashes the exact text of each inline script and skips external ones", () => {
    const html =
      '<script>window.pagePath="/";</script><script src="/app.js"></script><script id="x" >a()</script><script>window.pagePath="/";</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('window.pagePath="/";'), sha("a()")].sort());
  });
});

describe("pagePolicy", () => {
  it("allows only the page's own inline scripts, never 'unsafe-inline' for scripts", () => {
    const policy = pagePolicy(["'sha256-abc'"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy.split("; ").find((d) => d.startsWith("script-src"))).not.toContain("unsafe-inline");
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain("127.0.0.1");
  });

  it("lets a build against the emulator talk to it", () => {
    expect(pagePolicy([], "127.0.0.1:8080")).toContain("connect-src 'self' https://firestore.googleapis.com");
    expect(pagePolicy([], "127.0.0.1:8080")).toContain("http://127.0.0.1:8080");
  });

  it("replaces the policy an earlier build left in the page", () => {
    const once = withPolicyMeta("<html><head><title>x</title>", "old");
    expect(withPolicyMeta(once, "new")).toBe(
      '<html><head><meta http-equiv="Content-Security-Policy" content="new"/><title>x</title>',
    );
  });

  it("goes first in <head>, escaped", () => {
    expect(withPolicyMeta("<html><head><title>x</title>", 'a "b"')).toBe(
      '<html><head><meta http-equiv="Content-Security-Policy" content="a &quot;b&quot;"/><title>x</title>',
    );
  });
});

describe("headerPolicy", () => {
  it("is the policy firebase.json sends with every response", () => {
    const all = hostingEntry("site").headers?.find((rule) => rule.source === "**");
    expect(all?.headers.find((h) => h.key === "Content-Security-Policy")?.value).toBe(headerPolicy());
  });
});

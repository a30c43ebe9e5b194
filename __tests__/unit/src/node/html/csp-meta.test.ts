/** @jest-environment node */
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Reporter, Store } from "gatsby";
import { pagePolicy } from "../../../../../src/lib/csp-policy";
import { emulatorHostFromEnv, STAMP_RECORD_KEY } from "../../../../../src/node/html/html-to-finish";
import { applyPolicyToFile, applyPolicyToFiles, writePagePolicies } from "../../../../../src/node/html/csp-meta";
import { inlineScriptHashes, withPagePolicy, withPolicyMeta } from "../../../../support/page-policy";
import { builtHtmlFiles } from "../../../../support/built-html-files";

// The module object itself: a namespace import is a copy, and a spy on it sees no call the code makes.
const fsPromises = jest.requireActual<typeof import("node:fs/promises")>("node:fs/promises");

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const meta = (policy: string) => `<meta http-equiv="Content-Security-Policy" content="${policy}"/>`;
const countPolicies = (html: string) => html.match(/Content-Security-Policy/gi)?.length ?? 0;

describe("the hashes of a page's inline scripts (inlineScriptsOf, scriptHashes)", () => {
  it("hashes a script that holds </script> split in a string up to where the browser ends it", () => {
    const code = 'document.write("<\\/script>" + "</scr" + "ipt>");';
    expect(inlineScriptHashes(`<head><script>${code}</script></head>`)).toEqual([sha(code)]);
  });

  it("does not end a script at </script> inside an escaped <!--<script> … --> section, as browsers do not", () => {
    const code = 'var s = "<!--<script>"; var t = "</script>"; run(); // -->';
    expect(inlineScriptHashes(`<script>${code}</script><p>after</p>`)).toEqual([sha(code)]);
  });

  it("ends a script at a literal </script> in a string, as browsers do", () => {
    expect(inlineScriptHashes('<script>var s = "</script>";</script>')).toEqual([sha('var s = "')]);
  });

  it("reads attributes in any quoting and case: src skips the script, a > inside a value does not end the tag", () => {
    const html = [
      "<script type='module' src = \"/a.js\"></script>",
      "<SCRIPT SRC=/b.js></SCRIPT>",
      '<script data-src="/c.js">withDataSrc()</script>',
      '<script data-note="a>b">afterQuotedGt()</script>',
      "<script id=unquoted >unquoted()</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("withDataSrc()"), sha("afterQuotedGt()"), sha("unquoted()")].sort());
  });

  it("hashes JSON and JSON-LD scripts as before, and an empty script as the empty string", () => {
    const html =
      '<script type="application/json">{"a":1}</script><script type="application/ld+json">{"@type":"X"}</script><script></script>';
    expect(inlineScriptHashes(html)).toEqual([sha('{"a":1}'), sha('{"@type":"X"}'), sha("")].sort());
  });

  it("hashes the text the browser sees: CR LF line ends become LF", () => {
    expect(inlineScriptHashes("<script>a();\r\nb();</script>")).toEqual([sha("a();\nb();")]);
  });

  it("finds scripts in <template> content and lists a repeated script once", () => {
    expect(inlineScriptHashes("<template><script>t()</script></template><script>t()</script>")).toEqual([sha("t()")]);
  });
});

describe("the policy put into a page (policyEdits)", () => {
  it("keeps every other byte of the page as it was", () => {
    const head = "<!DOCTYPE html><html lang=\"en\"><HEAD data-x='1' >";
    const rest =
      '\n  <meta charSet="utf-8"/><!-- a comment --><title>A &amp; B</title>\r\n<style>p{}</style></HEAD><body><p class=x>unclosed<br></body></html>\n';
    expect(withPolicyMeta(head + rest, "p")).toBe(head + meta("p") + rest);
  });

  it("replaces an existing policy in any quoting, case or place in <head> instead of stacking a second one", () => {
    const page =
      "<html><head><title>x</title><META HTTP-EQUIV=content-security-policy CONTENT='old'><meta name=a content=b></head><body></body></html>";
    expect(withPolicyMeta(page, "new")).toBe(
      `<html><head>${meta("new")}<title>x</title><meta name=a content=b></head><body></body></html>`,
    );
  });

  it("replaces the policy an earlier run wrote, so running twice gives one policy", () => {
    const once = withPolicyMeta("<html><head><title>x</title>", "old");
    const twice = withPolicyMeta(once, "new");
    expect(twice).toBe(`<html><head>${meta("new")}<title>x</title>`);
    expect(countPolicies(twice)).toBe(1);
  });

  it("goes into the real <head>, not a <head> written in a comment or a script", () => {
    const page = '<!-- <head> --><html><head><script>document.title = "<head>";</script></head></html>';
    expect(withPolicyMeta(page, "p")).toBe(
      `<!-- <head> --><html><head>${meta("p")}<script>document.title = "<head>";</script></head></html>`,
    );
  });

  it("escapes the policy for the attribute", () => {
    expect(withPolicyMeta("<head>", 'a "b" & c')).toBe(
      '<head><meta http-equiv="Content-Security-Policy" content="a &quot;b&quot; &amp; c"/>',
    );
  });

  it("leaves a page without a <head> tag unchanged (not even a <header>)", () => {
    const page = "<!DOCTYPE html><body><header>x</header></body>";
    expect(withPolicyMeta(page, "p")).toBe(page);
  });
});

describe("finishPage on a page without Gatsby's scripts", () => {
  it("writes the policy of the page's own inline scripts, and says whether it could", () => {
    const page = "<html><head><script>go()</script></head><body></body></html>";
    expect(withPagePolicy(page, "127.0.0.1:8080")).toEqual({
      html: page.replace("<head>", `<head>${meta(pagePolicy([sha("go()")], "127.0.0.1:8080"))}`),
      placed: true,
    });
    expect(withPagePolicy("<p>no head</p>").placed).toBe(false);
  });
});

describe("on files", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await builtHtmlFiles();
  });

  it("applyPolicyToFile writes one policy per run, and leaves an up-to-date file untouched", async () => {
    const file = path.join(dir, "index.html");
    expect(await applyPolicyToFile(file, withPagePolicy)).toBe(true);
    const first = await readFile(file, "utf8");
    expect(first).toContain(meta(pagePolicy([sha("home()")])));
    const past = new Date("2020-01-01T00:00:00Z");
    await utimes(file, past, past);
    expect(await applyPolicyToFile(file, withPagePolicy)).toBe(true);
    expect(await readFile(file, "utf8")).toBe(first);
    expect((await stat(file)).mtime).toEqual(past);
  });

  it("applyPolicyToFiles handles only the files it is given and names those without <head>", async () => {
    const list = path.join(dir, "blog", "2", "index.html");
    expect(await applyPolicyToFiles([list, path.join(dir, "bare.html")], (html) => withPagePolicy(html))).toEqual([
      path.join(dir, "bare.html"),
    ]);
    expect(await readFile(list, "utf8")).toContain(sha("list()"));
    expect(await readFile(path.join(dir, "index.html"), "utf8")).not.toContain("Content-Security-Policy");
  });

  it("writePagePolicies covers the site's public folder and warns about a page it could not cover", async () => {
    const siteDir = await mkdtemp(path.join(tmpdir(), "csp-site-"));
    await mkdir(path.join(siteDir, "public"));
    await writeFile(path.join(siteDir, "public", "index.html"), "<html><head><script>home()</script></head></html>");
    await writeFile(path.join(siteDir, "public", "bare.html"), "<p>fragment</p>");
    const store = { getState: () => ({ program: { directory: siteDir } }) } as unknown as Store;
    const reporter = { warn: jest.fn(), info: jest.fn() } as unknown as Reporter;
    await writePagePolicies({ store, reporter, cache: memoryCache() }, undefined, (html) => withPagePolicy(html));
    expect(await readFile(path.join(siteDir, "public", "index.html"), "utf8")).toContain(sha("home()"));
    expect(reporter.warn).toHaveBeenCalledWith(
      `${path.join(siteDir, "public", "bare.html")} has no <head> tag, so it got no Content-Security-Policy`,
    );
    expect(reporter.info).toHaveBeenCalledWith(
      "Content-Security-Policy written into 1 pages this build produced; 0 pages unchanged since the last build left as they were",
    );
  });
});

/** Gatsby's plugin cache, kept in memory; like Gatsby's, it hands back a copy of what was stored. */
function memoryCache(): {
  get: (key: string) => Promise<unknown>;
  set: (key: string, value: unknown) => Promise<unknown>;
  values: Map<string, string>;
} {
  const values = new Map<string, string>();
  return {
    values,
    get: async (key) => (values.has(key) ? JSON.parse(values.get(key)!) : undefined),
    set: async (key, value) => values.set(key, JSON.stringify(value)),
  };
}

describe("writePagePolicies from one build to the next", () => {
  const PAST = new Date("2020-01-01T00:00:00Z");
  let siteDir: string;
  let publicDir: string;
  let cache: ReturnType<typeof memoryCache>;
  let reporter: { warn: jest.Mock; info: jest.Mock };
  const pages = ["index.html", "blog/index.html", "blog/2/index.html", "blogarticle/a/index.html", "404.html"];
  const fresh = (name: string) =>
    `<html><head><title>${name}</title></head><body><script>boot("${name}")</script></body></html>`;

  /** Gatsby writing a page: fresh HTML without a policy. */
  const render = async (name: string, html = fresh(name)) => {
    await mkdir(path.dirname(path.join(publicDir, name)), { recursive: true });
    await writeFile(path.join(publicDir, name), html);
  };
  const build = async () => {
    reporter = { warn: jest.fn(), info: jest.fn() };
    const store = { getState: () => ({ program: { directory: siteDir } }) } as unknown as Store;
    await writePagePolicies({ store, reporter: reporter as unknown as Reporter, cache }, undefined, (html) =>
      withPagePolicy(html, emulatorHostFromEnv()),
    );
  };
  /** Every page's bytes and modification time. */
  const snapshot = async () =>
    Object.fromEntries(
      await Promise.all(
        pages.map(async (name) => [
          name,
          {
            html: await readFile(path.join(publicDir, name), "utf8"),
            mtime: (await stat(path.join(publicDir, name))).mtimeMs,
          },
        ]),
      ),
    );
  /** Sets every page's modification time in the past, so a write by the next build cannot go unseen. */
  const age = () => Promise.all(pages.map((name) => utimes(path.join(publicDir, name), PAST, PAST)));

  beforeEach(async () => {
    siteDir = await mkdtemp(path.join(tmpdir(), "csp-builds-"));
    publicDir = path.join(siteDir, "public");
    cache = memoryCache();
    for (const name of pages) await render(name);
  });

  it("a build with nothing changed neither reads nor writes any page: bytes and modification times stay", async () => {
    await build();
    for (const name of pages)
      expect(await readFile(path.join(publicDir, name), "utf8")).toContain(sha(`boot("${name}")`));
    const before = await snapshot();
    const reads = jest.spyOn(fsPromises, "readFile");
    try {
      await build();
      expect(reads.mock.calls.filter(([file]) => String(file).startsWith(publicDir))).toEqual([]);
    } finally {
      reads.mockRestore();
    }
    expect(await snapshot()).toEqual(before);
    expect(reporter.info).toHaveBeenCalledWith(
      `Content-Security-Policy written into 0 pages this build produced; ${pages.length} pages unchanged since the last build left as they were`,
    );
  });

  it("writes the policy into the pages the build re-rendered, and only those", async () => {
    await build();
    await age();
    await build();
    const before = await snapshot();
    await render("blog/2/index.html", fresh("blog/2 with other data"));
    await render("blogarticle/new/index.html");
    await build();
    const after = await snapshot();
    for (const name of pages.filter((page) => page !== "blog/2/index.html")) expect(after[name]).toEqual(before[name]);
    expect(after["blog/2/index.html"]!.html).toContain(meta(pagePolicy([sha('boot("blog/2 with other data")')])));
    expect(countPolicies(after["blog/2/index.html"]!.html)).toBe(1);
    expect(await readFile(path.join(publicDir, "blogarticle/new/index.html"), "utf8")).toContain(
      sha('boot("blogarticle/new/index.html")'),
    );
    expect(reporter.info).toHaveBeenCalledWith(
      `Content-Security-Policy written into 2 pages this build produced; ${pages.length - 1} pages unchanged since the last build left as they were`,
    );
  });

  it("a page re-rendered with the very same bytes gets its policy back", async () => {
    await build();
    await age();
    await build();
    await render("index.html");
    await build();
    expect(await readFile(path.join(publicDir, "index.html"), "utf8")).toContain(sha('boot("index.html")'));
  });

  it("writes every page again when the policy itself changed, or when there is no record", async () => {
    await build();
    await age();
    process.env.GATSBY_FIRESTORE_EMULATOR_HOST = "127.0.0.1:8181";
    try {
      await build();
    } finally {
      delete process.env.GATSBY_FIRESTORE_EMULATOR_HOST;
    }
    for (const name of pages)
      expect(await readFile(path.join(publicDir, name), "utf8")).toContain("http://127.0.0.1:8181");
    await age();
    cache.values.delete(STAMP_RECORD_KEY);
    await build();
    for (const name of pages)
      expect(await readFile(path.join(publicDir, name), "utf8")).not.toContain("http://127.0.0.1:8181");
  });
});

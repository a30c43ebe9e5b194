/** @jest-environment node */
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  TOAST_STYLE_SOURCES,
  TOAST_STYLESHEET_GLOBAL,
  publishToastStylesheet,
} from "../../../../src/node/toast-stylesheet";

const ROOT = path.resolve(__dirname, "../../../..");

describe("publishToastStylesheet", () => {
  it("publishes the library's stylesheet and the site's changes as one file named by its content", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "toasts-"));
    for (const source of TOAST_STYLE_SOURCES) {
      await mkdir(path.dirname(path.join(site, source)), { recursive: true });
      await writeFile(path.join(site, source), `/* ${path.basename(source)} */`);
    }
    const url = await publishToastStylesheet(site);
    expect(await readFile(path.join(site, "public", url), "utf8")).toBe("/* ReactToastify.css */\n/* toasts.css */");
    await writeFile(path.join(site, TOAST_STYLE_SOURCES[1]!), "/* changed */");
    expect(await publishToastStylesheet(site)).not.toBe(url);
  });

  it("sets the toasts in the site's font", async () => {
    const ours = await readFile(path.join(ROOT, "src", "components", "layout", "toasts.css"), "utf8");
    expect(ours).toMatch(/--toastify-font-family:\s*var\(--font-body\)/);
  });
});

describe("the toast stylesheet's sources", () => {
  it("are the library's stylesheet then the site's changes, both in the project", async () => {
    expect(TOAST_STYLE_SOURCES).toEqual([
      path.join("node_modules", "react-toastify", "dist", "ReactToastify.css"),
      path.join("src", "components", "layout", "toasts.css"),
    ]);
    for (const source of TOAST_STYLE_SOURCES)
      await expect(readFile(path.join(ROOT, source), "utf8")).resolves.not.toBe("");
  });

  it("reach Toasts.tsx by the global it reads", async () => {
    const toasts = await readFile(path.join(ROOT, "src", "components", "layout", "Toasts.tsx"), "utf8");
    expect(toasts).toContain(TOAST_STYLESHEET_GLOBAL);
  });
});

import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A public/ folder in a new temporary directory with the HTML a build leaves for the page finishing
 * to find: a page with a script in its head, one with a script in its body, data and a fragment
 * that are not pages, and a slice Gatsby stitches into pages.
 */
export async function builtHtmlFiles(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "csp-test-"));
  await mkdir(path.join(dir, "blog", "2"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), "<html><head><script>home()</script></head><body></body></html>");
  await writeFile(
    path.join(dir, "blog", "2", "index.html"),
    "<html><head></head><body><script>list()</script></body></html>",
  );
  await writeFile(path.join(dir, "blog", "data.json"), "{}");
  await writeFile(path.join(dir, "bare.html"), "<p>fragment</p>");
  await mkdir(path.join(dir, "_gatsby", "slices"), { recursive: true });
  await writeFile(path.join(dir, "_gatsby", "slices", "_gatsby-scripts-1.html"), "<script>stitched()</script>");
  return dir;
}

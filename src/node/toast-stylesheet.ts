import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** The global through which Toasts.tsx learns the URL of the toast stylesheet. */
export const TOAST_STYLESHEET_GLOBAL = "__TOAST_STYLESHEET__";

/** The toast library's stylesheet and the site's changes to it, relative to the site. */
export const TOAST_STYLE_SOURCES = [
  path.join("node_modules", "react-toastify", "dist", "ReactToastify.css"),
  path.join("src", "components", "layout", "toasts.css"),
];

/**
 * Writes the toast stylesheet (the library's, then the site's changes) into public/ under a name
 * with its content hash, which the hosting rules cache for a year; returns its URL. Imported by a
 * component, the CSS would instead be inlined into every page: Gatsby puts all CSS, lazy or not,
 * into the one global stylesheet.
 */
export async function publishToastStylesheet(root: string): Promise<string> {
  const css = (await Promise.all(TOAST_STYLE_SOURCES.map((file) => readFile(path.join(root, file), "utf8")))).join(
    "\n",
  );
  const name = `toastify-${createHash("sha256").update(css).digest("hex").slice(0, 20)}.css`;
  await mkdir(path.join(root, "public"), { recursive: true });
  await writeFile(path.join(root, "public", name), css);
  return `/${name}`;
}

import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { EditorBackend } from "./editor-backend";

// The real Editor.js and its official tools, loaded into a Chromium page from node_modules, so tests
// can type into the editor, paste into it and save exactly what an editor's browser would save.

const ROOT = path.resolve(__dirname, "../..");

/** Each official tool: its package's browser bundle, the global it defines, and the name editors use. */
export const EDITOR_TOOLS = [
  { name: "header", packageName: "@editorjs/header", bundle: "dist/header.umd.js", global: "Header" },
  { name: "list", packageName: "@editorjs/list", bundle: "dist/editorjs-list.umd.js", global: "EditorjsList" },
  { name: "nestedList", packageName: "@editorjs/nested-list", bundle: "dist/nested-list.umd.js", global: "NestedList" },
  { name: "checklist", packageName: "@editorjs/checklist", bundle: "dist/checklist.umd.js", global: "Checklist" },
  { name: "image", packageName: "@editorjs/image", bundle: "dist/image.umd.js", global: "ImageTool" },
  {
    name: "simpleImage",
    packageName: "@editorjs/simple-image",
    bundle: "dist/simple-image.umd.js",
    global: "SimpleImage",
  },
  { name: "embed", packageName: "@editorjs/embed", bundle: "dist/embed.umd.js", global: "Embed" },
  { name: "quote", packageName: "@editorjs/quote", bundle: "dist/quote.umd.js", global: "Quote" },
  { name: "table", packageName: "@editorjs/table", bundle: "dist/table.umd.js", global: "Table" },
  { name: "code", packageName: "@editorjs/code", bundle: "dist/code.umd.js", global: "CodeTool" },
  { name: "delimiter", packageName: "@editorjs/delimiter", bundle: "dist/delimiter.umd.js", global: "Delimiter" },
  { name: "inlineCode", packageName: "@editorjs/inline-code", bundle: "dist/inline-code.umd.js", global: "InlineCode" },
  { name: "marker", packageName: "@editorjs/marker", bundle: "dist/marker.umd.js", global: "Marker" },
  { name: "underline", packageName: "@editorjs/underline", bundle: "dist/underline.umd.js", global: "Underline" },
  { name: "warning", packageName: "@editorjs/warning", bundle: "dist/warning.umd.js", global: "Warning" },
  { name: "attaches", packageName: "@editorjs/attaches", bundle: "dist/attaches.umd.js", global: "AttachesTool" },
  { name: "linkTool", packageName: "@editorjs/link", bundle: "dist/link.umd.js", global: "LinkTool" },
  { name: "raw", packageName: "@editorjs/raw", bundle: "dist/raw.umd.js", global: "RawTool" },
  { name: "personality", packageName: "@editorjs/personality", bundle: "dist/bundle.js", global: "Personality" },
] as const;

/**
 * The block tunes, each under the name its README gives it (the alignment tune's README leaves the
 * name to the site; "alignment" is what the site's editors chose), applied to every block.
 */
export const EDITOR_TUNES = [
  {
    name: "textVariant",
    packageName: "@editorjs/text-variant-tune",
    bundle: "dist/text-variant-tune.js",
    global: "TextVariantTune",
  },
  {
    name: "alignment",
    packageName: "editorjs-text-alignment-blocktune",
    bundle: "dist/bundle.js",
    global: "AlignmentBlockTune",
  },
] as const;

const EDITOR = { packageName: "@editorjs/editorjs", bundle: "dist/editorjs.umd.js" };

/** The installed version of a package, as its package.json says. */
export function installedVersion(packageName: string): string {
  return (
    JSON.parse(readFileSync(path.join(ROOT, "node_modules", packageName, "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
}

/** The path under which the backend serves the harness, and the tools' bundles are found. */
export const HARNESS_PATH = "/__editor-harness/";

function harnessHtml(endpoints: EditorBackend["endpoints"]): string {
  const scripts = [EDITOR, ...EDITOR_TOOLS, ...EDITOR_TUNES]
    .map((tool) => `<script src="${HARNESS_PATH}${tool.packageName}/${tool.bundle}"></script>`)
    .join("\n");
  const tools = EDITOR_TOOLS.map(
    (tool) =>
      `${JSON.stringify(tool.name)}: { class: window[${JSON.stringify(tool.global)}], inlineToolbar: true, config: window.toolConfig(${JSON.stringify(tool.name)}) }`,
  );
  // A webpack bundle may hand its class over as the module's default export.
  const tunes = EDITOR_TUNES.map(
    (tune) =>
      `${JSON.stringify(tune.name)}: { class: window[${JSON.stringify(tune.global)}].default || window[${JSON.stringify(tune.global)}] }`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Editor.js harness</title></head><body>
<div id="editor"></div>
${scripts}
<script>
const endpoints = ${JSON.stringify(endpoints)};
window.toolConfig = (name) => {
  if (name === "image") return { uploader: {
    uploadByUrl: (url) => Promise.resolve({ success: 1, file: { url } }),
    uploadByFile: () => Promise.reject(new Error("no uploads in tests")),
  } };
  if (name === "embed") return { services: { youtube: true, vimeo: true, coub: true, pinterest: true, instagram: true, twitter: true, codepen: true,
    kindredTv: { regex: /https?:\\/\\/tv\\.kindred\\.example\\/watch\\/([0-9]+)/, embedUrl: "https://tv.kindred.example/embed/<%= remote_id %>", html: "<iframe height='320' width='580' frameborder='0'></iframe>", height: 320, width: 580 } } };
  if (name in endpoints) return { endpoint: endpoints[name] };
  return undefined;
};
window.editor = new EditorJS({ holder: "editor", autofocus: true, tunes: ${JSON.stringify(EDITOR_TUNES.map((tune) => tune.name))}, tools: {
${[...tools, ...tunes].join(",\n")}
} });
window.editorReady = window.editor.isReady;
</script></body></html>`;
}

/**
 * Opens the real editor in `page`, served by `backend` (the test's stand-in for the editor's
 * backend, which the tools that upload or fetch talk to); `origin` is the site under test.
 */
export async function openEditor(page: Page, origin: string, backend: EditorBackend): Promise<void> {
  // The embed tool previews each embed in an iframe from its service: answered here with an empty
  // page, so nothing leaves the machine (the site's own pages are checked for that by the fixtures).
  await page.route(
    (url) => url.origin !== origin && url.origin !== backend.origin,
    (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>embed preview</title>" }),
  );
  // The editor and its tools, straight from node_modules.
  const bundle = (url: URL): boolean =>
    url.origin === backend.origin && url.pathname.startsWith(HARNESS_PATH) && url.pathname !== HARNESS_PATH;
  await page.route(bundle, async (route) => {
    const url = new URL(route.request().url());
    const file = path.join(ROOT, "node_modules", decodeURIComponent(url.pathname.slice(HARNESS_PATH.length)));
    if (!file.startsWith(path.join(ROOT, "node_modules") + path.sep)) {
      await route.fulfill({ status: 404 });
      return;
    }
    await route.fulfill({ contentType: "text/javascript; charset=utf-8", body: readFileSync(file) });
  });
  // Tall enough for the whole article: a click that made the editor scroll could land where the
  // target no longer is (the editor scrolls to the block it focuses).
  await page.setViewportSize({ width: 1280, height: 4000 });
  backend.servePage(HARNESS_PATH, harnessHtml(backend.endpoints));
  await page.goto(`${backend.origin}${HARNESS_PATH}`);
  await page.evaluate(() => (window as unknown as { editorReady: Promise<void> }).editorReady);
}

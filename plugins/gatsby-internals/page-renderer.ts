import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { InternalsPiece } from "./versions";

// Renders one page's HTML outside `gatsby build`, with what the build that made the site left: its
// HTML renderer bundle (.cache/page-ssr/routes/render-page.js), webpack stats, stylesheets, static
// query results and slices (public/). It calls what Gatsby's own render worker calls, in the same
// order (gatsby/src/utils/worker/child/render-html.ts, renderHTMLProd), then stitches the slices in
// as build-html.ts does after it (stitchSlices below, in memory). None of it is a public API of Gatsby.

/** The piece, for the version guard. */
export const PAGE_RENDERER: InternalsPiece = {
  what: "rendering a page outside a build with Gatsby's renderer and its helpers",
  packageName: "gatsby",
  writtenFor: ["5"],
};

/** A page's data as Gatsby writes it to public/page-data/<path>/page-data.json. */
export interface PageData {
  componentChunkName: string;
  path: string;
  result: { data?: unknown; pageContext?: Record<string, unknown> };
  staticQueryHashes: string[];
  slicesMap?: Record<string, string>;
  matchPath?: string;
  manifestId?: string;
}

interface RenderPageModule {
  default(args: Record<string, unknown>): Promise<{ html: string; unsafeBuiltinsUsage: unknown[] }>;
}

interface ClientAssets {
  readWebpackStats(publicDir: string): Promise<unknown>;
  getScriptsAndStylesForTemplate(componentChunkName: string, stats: unknown): Promise<Record<string, unknown>>;
}

interface StaticQueryUtils {
  getStaticQueryContext(hashes: string[]): Promise<{ staticQueryContext: unknown }>;
}

interface PageDataHelpers {
  constructPageDataString(
    page: {
      componentChunkName: string;
      componentPath: string;
      path: string;
      staticQueryHashes: string[];
      matchPath?: string;
      manifestId?: string;
    },
    result: string,
    slicesUsedByTemplates: Map<string, Record<string, unknown>>,
    slices: Map<string, unknown>,
  ): string;
}

/**
 * The environment Gatsby's render worker sets before it loads the renderer (build-html.ts,
 * renderHTMLQueue): a production build, as the `build` command, at the default log level; and
 * slices on, as Gatsby 5's loadConfig always sets them (constructPageDataString writes a page's
 * slicesMap only then).
 */
const RENDER_ENV: Record<string, string> = {
  NODE_ENV: "production",
  gatsby_executing_command: "build",
  gatsby_log_level: "normal",
  GATSBY_SLICES: "true",
};

/** Where Gatsby writes a page's HTML under `dir` (gatsby-core-utils' generateHtmlPath). */
export function htmlPathOf(dir: string, pagePath: string): string {
  const relative = pagePath.replace(/^\/+/, "");
  return path.join(dir, /\.html?$/i.test(relative) ? relative : path.join(relative, "index.html"));
}

/** Where Gatsby writes a page's data under `dir` (gatsby-core-utils' generatePageDataPath). */
export function pageDataPathOf(dir: string, pagePath: string): string {
  const fixed = pagePath === "/" ? "index" : pagePath.replace(/^\/+|\/+$/g, "");
  return path.join(dir, "page-data", fixed, "page-data.json");
}

/**
 * A renderer for the site built in `siteDir`, loaded once and used for any number of pages.
 * Gatsby's helpers read the site's files under process.cwd()/public, so the process must run in
 * `siteDir` (checked here).
 */
export interface PageRenderer {
  /** The build's webpack compilation hash (public/page-data/app-data.json). */
  webpackCompilationHash: string;
  /** The text of a page's data as Gatsby writes it, around a query result already in JSON. */
  pageDataText(previous: PageData, resultJson: string): string;
  /** The page's HTML as the build writes it before its onPostBuild steps: rendered, slices stitched in. */
  renderHtml(pageData: PageData): Promise<string>;
}

export async function loadPageRenderer(siteDir: string): Promise<PageRenderer> {
  if (path.resolve(process.cwd()) !== path.resolve(siteDir))
    throw new Error(`Gatsby's renderer reads the site under the working folder: run in ${siteDir}`);
  const publicDir = path.join(siteDir, "public");
  const siteRequire = createRequire(path.join(siteDir, "package.json"));
  const internal = <T>(name: string): T => siteRequire(`gatsby/dist/utils/${name}`) as T;
  const assets = internal<ClientAssets>("client-assets-for-template");
  const staticQueries = internal<StaticQueryUtils>("static-query-utils");
  const pageDataHelpers = internal<PageDataHelpers>("page-data-helpers");

  for (const [name, value] of Object.entries(RENDER_ENV)) process.env[name] = value;
  const renderer = siteRequire(
    path.join(siteDir, ".cache", "page-ssr", "routes", "render-page.js"),
  ) as RenderPageModule;
  const stats = await assets.readWebpackStats(publicDir);
  const appData = JSON.parse(await readFile(path.join(publicDir, "page-data", "app-data.json"), "utf8")) as {
    webpackCompilationHash?: unknown;
  };
  if (typeof appData.webpackCompilationHash !== "string")
    throw new Error("public/page-data/app-data.json names no webpackCompilationHash");
  const webpackCompilationHash = appData.webpackCompilationHash;
  // A renderer renders from one build's files, which do not change under it: each static query's
  // results and each slice's HTML are read once.
  const staticContexts = new Map<string, ReturnType<StaticQueryUtils["getStaticQueryContext"]>>();
  const staticQueryContextOf = (hashes: string[]): ReturnType<StaticQueryUtils["getStaticQueryContext"]> => {
    const key = hashes.join(",");
    if (!staticContexts.has(key)) staticContexts.set(key, staticQueries.getStaticQueryContext(hashes));
    return staticContexts.get(key)!;
  };
  const slices = new Map<string, string>();
  const sliceHtml = (id: string): string => {
    if (!slices.has(id)) slices.set(id, readFileSync(path.join(publicDir, "_gatsby", "slices", `${id}.html`), "utf8"));
    return slices.get(id)!;
  };

  return {
    webpackCompilationHash,
    pageDataText(previous, resultJson) {
      // Templates that use no slice get an empty slicesMap, which Gatsby writes when the template is
      // known to use none; a page whose map names slices is not one this renderer knows how to redo.
      if (previous.slicesMap && Object.keys(previous.slicesMap).length > 0)
        throw new Error(`${previous.path} uses slices, which rendering outside a build does not handle`);
      const componentPath = `component:${previous.componentChunkName}`;
      const slicesUsed = new Map(previous.slicesMap ? [[componentPath, {}]] : []);
      return pageDataHelpers.constructPageDataString(
        {
          componentChunkName: previous.componentChunkName,
          componentPath,
          path: previous.path,
          staticQueryHashes: previous.staticQueryHashes,
          matchPath: previous.matchPath,
          manifestId: previous.manifestId,
        },
        resultJson,
        slicesUsed,
        new Map(),
      );
    },
    async renderHtml(pageData) {
      const resources = await assets.getScriptsAndStylesForTemplate(pageData.componentChunkName, stats);
      const { staticQueryContext } = await staticQueryContextOf(pageData.staticQueryHashes);
      const { html, unsafeBuiltinsUsage } = await renderer.default({
        pagePath: pageData.path,
        pageData,
        webpackCompilationHash,
        context: { isDuringBuild: true },
        ...resources,
        staticQueryContext,
      });
      if (unsafeBuiltinsUsage.length > 0)
        throw new Error(`${pageData.path} reads files while it renders, which a build would report`);
      return stitchSlices(html, sliceHtml);
    },
  };
}

/** The markers Gatsby's renderer leaves where a slice goes: an element pair or a comment (stitching.ts). */
const SLICE_MARKER =
  /<slice-(?<elementKind>start|end)\s[^>]*id="(?<elementId>[^"]+)"[^>]*><\/slice-(?<closingKind>[^>]+)>|<!-- slice-(?<commentKind>start|end) id="(?<commentId>[^"]+)" -->/g;

/**
 * The page with each slice's HTML put in, as Gatsby's build does once it has written the page
 * (gatsby/src/utils/slices/stitching.ts, stitchSliceForAPage): the outermost start and end markers of
 * a slice become comments around the slice's HTML, itself stitched, and markers inside a slice being
 * replaced are dropped with it. Gatsby's version reads the page back from its file and each slice
 * from public/_gatsby/slices/ on every page; this one works on the text in hand, with the slices read
 * once (`sliceHtml`), which took a render here from 5.2 ms to 1.2 ms. The unit test holds it to
 * Gatsby's own on the same pages.
 */
export function stitchSlices(html: string, sliceHtml: (id: string) => string): string {
  let stitched = "";
  let cursor = 0;
  let open: string | undefined;
  for (const match of html.matchAll(SLICE_MARKER)) {
    const { elementKind, elementId, closingKind, commentKind, commentId } = match.groups!;
    if (elementKind && elementKind !== closingKind)
      throw new Error(`a slice's ${elementKind} marker is closed as ${closingKind}`);
    const kind = elementKind ?? commentKind;
    const id = elementId ?? commentId;
    if (kind === "start") {
      // A slice inside the one being replaced comes with it.
      if (open !== undefined) continue;
      stitched += `${html.slice(cursor, match.index)}<!-- slice-start id="${id}" -->`;
      cursor = match.index + match[0].length;
      open = id;
    } else {
      if (open === undefined) throw new Error(`the end of slice ${id} comes before any start`);
      if (open !== id) continue;
      stitched += `${stitchSlices(sliceHtml(id), sliceHtml)}<!-- slice-end id="${id}" -->`;
      cursor = match.index + match[0].length;
      open = undefined;
    }
  }
  if (open !== undefined) throw new Error(`slice ${open} starts but never ends`);
  return stitched + html.slice(cursor);
}

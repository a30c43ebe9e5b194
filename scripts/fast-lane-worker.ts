// The fast lane's second renderer: a worker thread of scripts/fast-lane-article.ts that renders some
// of the pages showing a retitled article's card, or of the pages a move to the top changes
// (src/node/fast-lane/render-cards.ts), with a renderer of its own, while the command's own thread
// renders the rest. The thread shares the
// process's working folder, the site, as Gatsby's renderer needs. Answers one message: the files,
// or why they could not be made.
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { siteLoader } from "./fast-lane-article.ts";
import type * as PageRenderer from "../plugins/gatsby-internals/page-renderer.ts";
import type * as RenderCards from "../src/node/fast-lane/render-cards.ts";
import type { BlogPost } from "@kindred/article";

/** Pages showing a retitled article's card, or pages whose new page data is in hand (a move). */
export type CardWorkerData =
  { site: string; post: BlogPost; pagePaths: string[] } | { site: string; pages: { path: string; pageData: string }[] };

async function main(): Promise<void> {
  const data = workerData as CardWorkerData;
  const { site } = data;
  const load = siteLoader(site);
  const { loadPageRenderer } = await load<typeof PageRenderer>("plugins/gatsby-internals/page-renderer.ts");
  const { pageFinisher, renderCardPages, renderPageData } = await load<typeof RenderCards>(
    "src/node/fast-lane/render-cards.ts",
  );
  const renderer = await loadPageRenderer(site);
  const publicDir = path.join(site, "public");
  const finish = await pageFinisher(publicDir, renderer);
  parentPort!.postMessage(
    "pages" in data
      ? await renderPageData({ publicDir, finish, pages: data.pages })
      : await renderCardPages({ publicDir, renderer, finish, post: data.post, pagePaths: data.pagePaths }),
  );
}

if (parentPort) await main();

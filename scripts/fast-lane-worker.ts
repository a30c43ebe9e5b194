// The fast lane's second renderer: a worker thread of scripts/fast-lane-article.ts that renders some
// of the pages showing a retitled article's card, or of the pages a move to the top changes
// (src/node/fast-lane/render-cards.ts), with a renderer of its own, while the command's own thread
// renders the rest. The thread shares the process's working folder, the site, as Gatsby's renderer
// needs. It loads the code and the renderer as soon as it starts, while the command works out which
// pages change, then answers one message (a CardWorkerJob) with the files, or why they could not
// be made.
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { siteLoader } from "./fast-lane-article.ts";
import type * as PageRenderer from "../plugins/gatsby-internals/page-renderer.ts";
import type * as RenderCards from "../src/node/fast-lane/render-cards.ts";
import type { BlogPost } from "@kindred/article";

export interface CardWorkerData {
  site: string;
}

/** Pages showing a retitled article's card, or pages whose new page data is in hand (a move). */
export type CardWorkerJob = { post: BlogPost; pagePaths: string[] } | { pages: { path: string; pageData: string }[] };

async function main(): Promise<void> {
  const { site } = workerData as CardWorkerData;
  const job = new Promise<CardWorkerJob>((resolve) => parentPort!.once("message", resolve));
  const load = siteLoader(site);
  const { loadPageRenderer } = await load<typeof PageRenderer>("plugins/gatsby-internals/page-renderer.ts");
  const { pageFinisher, renderCardPages, renderPageData } = await load<typeof RenderCards>(
    "src/node/fast-lane/render-cards.ts",
  );
  const renderer = await loadPageRenderer(site);
  const publicDir = path.join(site, "public");
  const finish = await pageFinisher(publicDir, renderer);
  const given = await job;
  parentPort!.postMessage(
    "pages" in given
      ? await renderPageData({ publicDir, finish, pages: given.pages })
      : await renderCardPages({ publicDir, renderer, finish, post: given.post, pagePaths: given.pagePaths }),
  );
}

if (parentPort) await main();

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { articlePath, type BlogPost, type BlogPostNode } from "@kindred/article";
import { normalizeBlogPost } from "../../../plugins/gatsby-source-firestore/src/normalize";
import { blogPostNodeKey, normalizeContext } from "../../../plugins/gatsby-source-firestore/src/source-nodes";
import type { FirestoreSourceOptions } from "../../../plugins/gatsby-source-firestore/src/plugin-options";
import type { RawDocument } from "../../../plugins/gatsby-source-firestore/src/types";
import { LOCAL_IMAGES_PUBLIC_PATH } from "../../../plugins/gatsby-source-firestore/src/read-local";
import {
  htmlPathOf,
  pageDataPathOf,
  type PageData,
  type PageRenderer,
} from "../../../plugins/gatsby-internals/page-renderer";
import { ARTICLE_RECIPE, CARD_RECIPE, coverData, newCoverFiles, type CoverOwner } from "../covers";
import { sharingImageSource } from "../write-og-images";
import { CoverError } from "../image-store/fill";
import { articleOgImage } from "../../lib/og-image";
import { pageCount, blogListPath } from "../../lib/pagination";
import { imageStoreDir } from "../image-store/store";
import { searchIndexOf } from "../write-search-index";
import { FEED_PATH } from "../../lib/site-files";
import {
  feedWithArticle,
  feedWithArticleFirst,
  feedWithNewArticle,
  sitemapWithArticle,
  sitemapWithNewPages,
  type SiteFileEdit,
} from "./feed-and-sitemap";
import { pagesShowing, readCardIndex } from "./card-index";
import { readRanking, type Ranking } from "./ranking";
import { comesFirst, movedPages, NOT_FIRST, type NewArticle } from "./render-move";
import {
  pageFinisher,
  renderCardPages,
  renderPageData,
  sameJson,
  searchPiecesAdded,
  searchPiecesMoved,
  searchPiecesWithTitle,
  type LaneFile,
} from "./render-cards";

export type { LaneFile } from "./render-cards";

// The fast lane's hardest file pair: one article's page and page data after an edit, made outside
// `gatsby build` from the article's document and what the last build left in the site folder, and
// byte for byte what the next build writes. The query result is the page's previous result with the
// article's own fields as the source plugin now makes them (the same normalize code) and its cover
// as the build's resolver gives it; the HTML is Gatsby's renderer bundle run on that data, slices
// stitched in, then finished as onPostBuild finishes every page (boot script, critical CSS, policy).
// The feed's item and the sitemap's dates follow (feed-and-sitemap.ts). A new title also redraws
// the article's card wherever it is shown, and the search index (render-cards.ts). A new lastUpdate
// that puts the article before every other (a publish) moves it to the top: the list pages down to
// its old place, the similar lists it now joins and the search slots change (render-move.ts). A
// new article (no page yet, and not in the build's ranking) with such a date comes in at the top the
// same way, its page made on another article's, with its sharing image copied as the build links it.
// Anything else an edit could change (categories, a slug, a cover, a date further down) it refuses.

/** The source plugin's package name: the namespace Gatsby makes its node ids in. */
const SOURCE_PLUGIN = "gatsby-source-firestore";

/** The fields of the article template's query the build resolves itself rather than reading the node. */
const RESOLVED = new Set(["featureImage", "similar"]);

/**
 * The node fields an edit may change without changing any other page: the similar articles are
 * chosen by categories, blog and date, and cards show slug, title, categories, date and cover. Of
 * the files other than the page, the feed carries the description and body, the sitemap the dates
 * (both made here too); the search index's cards carry none of them.
 */
const PAGE_ONLY_FIELDS = new Set(["documentId", "updatedOn", "description", "safeBlocks"]);
/**
 * The fields an edit may change that cards show too, without moving any card: the pages showing the
 * article's card and the search index are made again (render-cards.ts). Any other field is refused
 * and left to the full build.
 */
const CARD_FIELDS = new Set(["title"]);
/** The field whose change moves the article in the lists: handled when it moves to the top (render-move.ts). */
const MOVE_FIELD = "lastUpdate";

/** What an article page's query returns for the article, as far as this module reads it. */
type ArticleResult = Record<string, unknown>;

/**
 * Renders some pages somewhere else (the command's worker thread, scripts/fast-lane-worker.ts): of
 * those showing the article's card, answering as renderCardPages does; or of those a move changes,
 * from their new page data, as renderPageData does.
 */
export interface CardPagesElsewhere {
  /** Begins loading the other renderer, before it is given pages. */
  start(): void;
  cardPages(post: BlogPost, pagePaths: string[]): Promise<{ files: LaneFile[] } | { reason: string }>;
  pageData(pages: { path: string; pageData: string }[]): Promise<{ files: LaneFile[] } | { reason: string }>;
}

/**
 * From how many pages showing the card half of them go to `cardPagesElsewhere`: a second renderer
 * takes about a second to start. FAST_LANE_PARALLEL_FROM overrides it (the tests use 2).
 */
const parallelFrom = (): number => Number(process.env.FAST_LANE_PARALLEL_FROM) || 200;

export type ArticleRender =
  | {
      rendered: true;
      pagePath: string;
      files: LaneFile[];
      /** Files of the site folder (not public/) as they now are: a move's ranking and card index. */
      laneFiles: LaneFile[];
      /** Files under public/ copied from where the build keeps them: a new article's cover files and sharing image. */
      copies: { file: string; from: string }[];
      timings: Record<string, number>;
    }
  | { rendered: false; reason: string };

const refuse = (reason: string): ArticleRender => ({ rendered: false, reason });

/** The value GraphQL gives a stored field: the node's value, null where the node has none. */
const stored = (post: BlogPost, field: string): unknown => (post as unknown as Record<string, unknown>)[field] ?? null;

/**
 * The article's new query result, or why it cannot be had here. Fields keep the order of the
 * previous result (the order of the query), so JSON.stringify writes what the build's query runner
 * writes.
 */
export function articleResult(
  previous: PageData["result"],
  post: BlogPost,
  cover: unknown,
): { result: PageData["result"]; cardChanged: boolean; moved: boolean } | { reason: string } {
  const data = previous.data as { blogPost?: ArticleResult } | undefined;
  const before = data?.blogPost;
  if (!before) return { reason: "the previous page data has no article" };
  if (before.documentId !== post.documentId) return { reason: "the page belongs to another document" };
  const blogPost: ArticleResult = {};
  let cardChanged = false;
  let moved = false;
  for (const [field, value] of Object.entries(before)) {
    if (field === "featureImage") {
      blogPost[field] = cover;
    } else if (RESOLVED.has(field)) {
      blogPost[field] = value;
    } else if (!(field in post)) {
      return { reason: `the article query asks for "${field}", which the fast lane does not know` };
    } else {
      const now = stored(post, field);
      if (!PAGE_ONLY_FIELDS.has(field) && !sameJson(now, value)) {
        if (field === MOVE_FIELD) moved = true;
        else if (CARD_FIELDS.has(field)) cardChanged = true;
        else return { reason: `"${field}" changed, which other pages show or depend on` };
      }
      blogPost[field] = now;
    }
  }
  if (!sameJson(cover, before.featureImage) && before.featureImage !== undefined)
    return { reason: "the cover changed, which cards show too" };
  return { result: { data: { ...data, blogPost }, pageContext: previous.pageContext }, cardChanged, moved };
}

/**
 * Renders the page and page data of the article in `document` for the site built in `siteDir`
 * (the working folder: Gatsby's renderer reads it), as the files to write under public/. The
 * finished HTML is what onPostBuild's finishBuiltPages makes of it.
 */
export async function renderArticle({
  siteDir,
  renderer,
  document,
  options,
  siteUrl,
  previousBlogId,
  cardPagesElsewhere,
}: {
  siteDir: string;
  renderer: PageRenderer;
  document: RawDocument;
  options: FirestoreSourceOptions;
  /** siteMetadata.siteUrl, as the build's feed and sitemap write it. */
  siteUrl: string;
  /** The article's blog before the edit, when the caller knows it: the page data does not say. */
  previousBlogId?: string;
  /** Where half of many pages showing the article's card are rendered, alongside this thread. */
  cardPagesElsewhere?: CardPagesElsewhere;
}): Promise<ArticleRender> {
  const publicDir = path.join(siteDir, "public");
  const timings: Record<string, number> = {};
  let started = performance.now();
  const lap = (name: string): void => {
    const now = performance.now();
    timings[name] = Math.round((now - started) * 10) / 10;
    started = now;
  };

  const normalized = normalizeBlogPost(document, normalizeContext(options));
  if (!normalized.ok)
    return refuse(
      normalized.problem ? `the document is refused: ${normalized.problem.message}` : "the document is not published",
    );
  const post = normalized.post;
  if (previousBlogId !== undefined && previousBlogId !== post.blogId)
    return refuse("the article moved to another blog");
  const pagePath = articlePath(post.slug);
  const previousText = await readFile(pageDataPathOf(publicDir, pagePath), "utf8").catch(() => undefined);
  const previous = previousText === undefined ? undefined : (JSON.parse(previousText) as PageData);
  if (previous && previous.componentChunkName !== "component---src-templates-blog-article-tsx")
    return refuse(`${pagePath} is not an article page`);
  // No page yet: a new article, when the build's ranking does not know it.
  let ranking: Ranking | undefined;
  if (!previous) {
    ranking = await readRanking(siteDir);
    if (!ranking) return refuse(`${pagePath} has no page data, and the last build left no ranking of the articles`);
    if (ranking.articles.some((article) => article.documentId === post.documentId))
      return refuse(`${pagePath} has no page data: the article's slug changed, or it was taken down since the build`);
    if (!comesFirst(ranking, post)) return refuse(`a new article: ${NOT_FIRST}`);
  }
  const store = imageStoreDir(siteDir);
  // A new article's cover is often new too: drawn into the store here, as the build would draw it.
  const coverFiles: { file: string; from: string }[] = [];
  if (!previous && post.featureImageSource) {
    try {
      coverFiles.push(...(await newCoverFiles(store, publicDir, post as unknown as CoverOwner)));
    } catch (error) {
      if (!(error instanceof CoverError)) throw error;
      return refuse(`the cover cannot be had (${error.message}), which the build shows the article without`);
    }
    // A sample article's picture, which the source plugin copies under public/ (publish-local-images.ts).
    const source = post.featureImageSource;
    const local = post.featureImageUrl;
    if (source.kind === "file" && local.startsWith(`${LOCAL_IMAGES_PUBLIC_PATH}/`) && !existsSync(publicDir + local))
      coverFiles.push({ file: local.slice(1), from: source.path });
  }
  const cover = coverData(store, post, ARTICLE_RECIPE);
  if (post.featureImageSource && !cover) return refuse("the cover is not in the image store yet");
  const added: NewArticle | undefined = previous
    ? undefined
    : { id: nodeIdOf(siteDir, post.documentId), featureImage: cover, cardImage: coverData(store, post, CARD_RECIPE) };
  lap("normalize");

  const made = previous
    ? articleResult(previous.result, post, cover)
    : { result: undefined, cardChanged: false, moved: true };
  if ("reason" in made) return refuse(made.reason);
  const before = previous
    ? (previous.result.data as { blogPost: { lastUpdate: string; updatedOn: string | null } }).blogPost
    : undefined;
  // A new article opens a new list page when the last one is full.
  const listsNow = ranking && pageCount(ranking.articles.length);
  const newLists = ranking && pageCount(ranking.articles.length + 1) > listsNow! ? [blogListPath(listsNow! + 1)] : [];
  const feedEdit = added ? feedWithNewArticle : made.moved ? feedWithArticleFirst : feedWithArticle;
  const siteFiles: LaneFile[] = [];
  for (const [file, edit] of [
    [FEED_PATH, (text: string) => feedEdit(text, post, siteUrl)],
    [
      "/sitemap.xml",
      (text: string) =>
        before ? sitemapWithArticle(text, before, post, siteUrl) : sitemapWithNewPages(text, post, newLists, siteUrl),
    ],
  ] as const) {
    const text = await readFile(path.join(publicDir, file), "utf8").catch(() => undefined);
    const edited: SiteFileEdit = text === undefined ? { reason: "the last build wrote none" } : edit(text);
    if ("reason" in edited) return refuse(`${file}: ${edited.reason}`);
    if (edited.text !== null) siteFiles.push({ file: file.slice(1), text: edited.text });
  }
  lap("siteFiles");
  // A new article's page data is made with the pages its coming in changes (movedPages).
  let pageDataText = previous ? renderer.pageDataText(previous, JSON.stringify(made.result)) : "";
  lap("pageData");

  // A move to the top: the pages it changes, with their new page data; or a new title: the pages
  // showing the card. Many of them are begun elsewhere first, so that the other renderer starts
  // while this one renders the article.
  let cardPages: string[] = [];
  let elsewhere: Promise<{ files: LaneFile[] } | { reason: string }> | undefined;
  const cardFiles: LaneFile[] = [];
  const laneFiles: LaneFile[] = [];
  let movedHere: { path: string; pageData: string }[] = [];
  const change = added ? "a new article" : made.moved ? "the article moved to the top" : "the title changed";
  if (made.moved) {
    ranking ??= await readRanking(siteDir);
    const index = await readCardIndex(siteDir);
    if (!ranking || !index)
      return refuse(`${change}, and the last build left no ranking of the articles or index of their cards`);
    if (!comesFirst(ranking, post)) return refuse(`${change}: ${NOT_FIRST}`);
    // A move on a site this size changes many pages: the other renderer loads while they are worked out.
    if (ranking.articles.length >= parallelFrom()) cardPagesElsewhere?.start();
    // The search pieces first: they read a few files, and may refuse what the pages would not.
    const search = added
      ? await searchPiecesAdded(publicDir, searchIndexOf([post as unknown as BlogPostNode], store)[0]!)
      : await searchPiecesMoved(publicDir, post, ranking.buildSlots);
    if ("reason" in search) return refuse(`${change}: ${search.reason}`);
    lap("search");
    const move = await movedPages({ publicDir, renderer, post, ranking, index, added });
    if ("reason" in move) return refuse(`${change}: ${move.reason}`);
    if (move.added !== undefined) pageDataText = move.added;
    cardFiles.push(...search.files);
    laneFiles.push(...move.laneFiles);
    for (const page of move.pages)
      cardFiles.push({ file: path.relative(publicDir, pageDataPathOf(publicDir, page.path)), text: page.pageData });
    movedHere = move.pages.filter((page) => page.render);
    if (cardPagesElsewhere && movedHere.length >= parallelFrom()) {
      const half = Math.floor(movedHere.length / 2);
      elsewhere = cardPagesElsewhere.pageData(movedHere.slice(0, half));
      movedHere = movedHere.slice(half);
    }
    lap("move");
  } else if (made.cardChanged) {
    const index = await readCardIndex(siteDir);
    if (!index) return refuse("the title changed, and the last build left no index of the pages showing cards");
    const search = await searchPiecesWithTitle(publicDir, post);
    if ("reason" in search) return refuse(`${change}: ${search.reason}`);
    cardFiles.push(...search.files);
    lap("search");
    cardPages = pagesShowing(index, post.documentId);
    if (cardPagesElsewhere && cardPages.length >= parallelFrom()) {
      const half = Math.floor(cardPages.length / 2);
      elsewhere = cardPagesElsewhere.cardPages(post, cardPages.slice(0, half));
      cardPages = cardPages.slice(half);
    }
  }
  // Answered when awaited below; a failure there is a refusal, never an unhandled rejection.
  elsewhere?.catch(() => undefined);

  const finish = await pageFinisher(publicDir, renderer);
  const html = await finish(JSON.parse(pageDataText) as PageData);
  lap("render");

  if (made.moved || made.cardChanged) {
    const here = made.moved
      ? await renderPageData({ publicDir, finish, pages: movedHere })
      : await renderCardPages({ publicDir, renderer, finish, post, pagePaths: cardPages });
    lap("cards");
    const there = elsewhere
      ? await elsewhere.catch((error: unknown) => ({ reason: `the second renderer failed: ${String(error)}` }))
      : { files: [] };
    if (elsewhere) lap("cardsElsewhere");
    const pages = "reason" in there ? there : "reason" in here ? here : { files: [...there.files, ...here.files] };
    if ("reason" in pages) return refuse(`${change}: ${pages.reason}`);
    cardFiles.push(...pages.files);
  }

  return {
    rendered: true,
    pagePath,
    files: [
      { file: path.relative(publicDir, htmlPathOf(publicDir, pagePath)), text: html },
      { file: path.relative(publicDir, pageDataPathOf(publicDir, pagePath)), text: pageDataText },
      ...siteFiles,
      ...cardFiles,
    ],
    laneFiles,
    copies: added
      ? [
          ...coverFiles,
          {
            file: articleOgImage(post.slug).slice(1),
            from: sharingImageSource(store, publicDir, post as unknown as CoverOwner).file,
          },
        ]
      : [],
    timings,
  };
}

/** The article's node id as the build makes it: Gatsby's createNodeId, in the source plugin's namespace. */
function nodeIdOf(siteDir: string, documentId: string): string {
  const { createNodeId } = createRequire(path.join(siteDir, "package.json"))("gatsby/dist/utils/create-node-id") as {
    createNodeId(id: string, namespace: string): string;
  };
  return createNodeId(blogPostNodeKey(documentId), SOURCE_PLUGIN);
}

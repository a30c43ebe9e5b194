import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  chunkPath,
  idShardPath,
  movedPieces,
  retitledPieces,
  shardOf,
  CARDS_PER_CHUNK,
  MANIFEST_PATH,
  type BlogPost,
} from "@kindred/article";
import type { SearchCard, SearchManifest } from "@kindred/article";
import {
  htmlPathOf,
  pageDataPathOf,
  type PageData,
  type PageRenderer,
} from "../../../plugins/gatsby-internals/page-renderer";
import { finishPage } from "../html/finish-html";
import { WEB_FONT_CLASS, chunkGroupScripts, readWebpackStats } from "../html/boot-script";
import { stylesheetReader } from "../html/critical-css";
import { emulatorHostFromEnv } from "../html/html-to-finish";

// The fast lane's part for an edit that other pages show without moving anything: a new title. The
// article keeps its place (its lastUpdate), its categories and its slug, so every list and every
// similar-articles list keeps its order and only the cards that show the article change. The pages
// that show its card are named by the last build's card index (card-index.ts); each one's query
// result is its previous one with the article's card fields as the node now has them, rendered and
// finished as the article's own page is. The search index's pieces that the new title changes are
// written as the build's writer of the format would (retitledPieces).

/** One file the fast lane made: its path under public/ and its text. */
export interface LaneFile {
  file: string;
  text: string;
}

/** Card fields that may change while the card stays where it is. */
const CARD_TEXT_FIELDS = new Set(["title"]);
/** Card fields the build resolves from the image store rather than the node; the cover is checked apart. */
const CARD_RESOLVED_FIELDS = new Set(["cardImage"]);

export type Card = Record<string, unknown>;
export type QueryData = Record<string, unknown>;

/** Where a page's query result holds its cards, by template: read them, and put new ones in their place. */
export const CARDS_OF: Record<
  string,
  { read(data: QueryData): unknown; write(data: QueryData, cards: Card[]): QueryData }
> = {
  "component---src-templates-blog-list-tsx": {
    read: (data) => data.blogPostsByIds,
    write: (data, cards) => ({ ...data, blogPostsByIds: cards }),
  },
  "component---src-templates-blog-article-tsx": {
    read: (data) => (data.blogPost as { similar?: unknown } | undefined)?.similar,
    write: (data, cards) => ({ ...data, blogPost: { ...(data.blogPost as Card), similar: cards } }),
  },
};

export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The article's card as the node now gives it, from its card as a page showed it: each field the
 * card asks for read from the node, those in `changeable` allowed to differ; or why that cannot be
 * done here. Field order is kept, so JSON.stringify writes what the build's query runner writes.
 */
export function cardWith(
  card: Card,
  post: BlogPost,
  changeable: ReadonlySet<string> = CARD_TEXT_FIELDS,
): { card: Card } | { reason: string } {
  const edited: Card = {};
  for (const [field, value] of Object.entries(card)) {
    if (CARD_RESOLVED_FIELDS.has(field)) {
      edited[field] = value;
      continue;
    }
    if (!(field in post)) return { reason: `cards ask for "${field}", which the fast lane does not know` };
    const now = (post as unknown as Record<string, unknown>)[field] ?? null;
    if (!changeable.has(field) && !sameJson(now, value))
      return { reason: `"${field}" changed on the article's card, which moves it or changes its cover` };
    edited[field] = now;
  }
  return { card: edited };
}

/** The cards with the article's own as the node now gives it (cardWith), or why that cannot be done here. */
export function cardsWithArticle(cards: readonly Card[], post: BlogPost): { cards: Card[] } | { reason: string } {
  let found = false;
  const next: Card[] = [];
  for (const card of cards) {
    if (card.documentId !== post.documentId) {
      next.push(card);
      continue;
    }
    found = true;
    const edited = cardWith(card, post);
    if ("reason" in edited) return edited;
    next.push(edited.card);
  }
  return found ? { cards: next } : { reason: "shows no card of the article" };
}

/** Renders a page's HTML from its page data and finishes it as onPostBuild does; one per lane run. */
export async function pageFinisher(
  publicDir: string,
  renderer: PageRenderer,
): Promise<(pageData: PageData) => Promise<string>> {
  // The boot script's chunks come from the page data in hand (its component's chunk name), not
  // read back from the previous page-data file; the stylesheet and stats are the build's.
  const stats = await readWebpackStats(publicDir);
  const sheets = stylesheetReader(publicDir, [WEB_FONT_CLASS]);
  const emulatorHost = emulatorHostFromEnv();
  return async (pageData) => {
    const rendered = await renderer.renderHtml(pageData);
    await sheets.prepare(rendered);
    const pageChunks = (pagePath: string): string[] =>
      pagePath === pageData.path ? chunkGroupScripts(stats, pageData.componentChunkName) : [];
    return finishPage(rendered, pageChunks, emulatorHost, sheets.rulesOf).html;
  };
}

/** The page and page data of every page in `pagePaths` with the article's card as it now is. */
export async function renderCardPages({
  publicDir,
  renderer,
  finish,
  post,
  pagePaths,
}: {
  publicDir: string;
  renderer: PageRenderer;
  finish: (pageData: PageData) => Promise<string>;
  post: BlogPost;
  pagePaths: readonly string[];
}): Promise<{ files: LaneFile[] } | { reason: string }> {
  const files: LaneFile[] = [];
  for (const pagePath of pagePaths) {
    const dataFile = pageDataPathOf(publicDir, pagePath);
    const text = await readFile(dataFile, "utf8").catch(() => undefined);
    if (text === undefined) {
      // A page the index names that the live release no longer has was taken down since the build
      // that wrote the index (a take-down removes the page and its data); the next build makes
      // neither, so there is nothing to redraw. Half a page is something else: refused.
      if (!existsSync(htmlPathOf(publicDir, pagePath))) continue;
      return { reason: `${pagePath} shows the article's card but has no page data` };
    }
    const previous = JSON.parse(text) as PageData;
    const data = previous.result.data as QueryData | undefined;
    const template = CARDS_OF[previous.componentChunkName];
    const cards = data && template?.read(data);
    if (!data || !template || !Array.isArray(cards))
      return { reason: `${pagePath} is not a page whose cards the fast lane knows` };
    const edited = cardsWithArticle(cards as Card[], post);
    if ("reason" in edited) return { reason: `${pagePath}: ${edited.reason}` };
    const pageDataText = renderer.pageDataText(
      previous,
      JSON.stringify({ data: template.write(data, edited.cards), pageContext: previous.result.pageContext }),
    );
    const html = await finish(JSON.parse(pageDataText) as PageData);
    files.push(
      { file: path.relative(publicDir, htmlPathOf(publicDir, pagePath)), text: html },
      { file: path.relative(publicDir, dataFile), text: pageDataText },
    );
  }
  return { files };
}

/** The HTML of pages whose new page data is in hand, rendered and finished as the build does. */
export async function renderPageData({
  publicDir,
  finish,
  pages,
}: {
  publicDir: string;
  finish: (pageData: PageData) => Promise<string>;
  pages: readonly { path: string; pageData: string }[];
}): Promise<{ files: LaneFile[] }> {
  const files: LaneFile[] = [];
  for (const page of pages)
    files.push({
      file: path.relative(publicDir, htmlPathOf(publicDir, page.path)),
      text: await finish(JSON.parse(page.pageData) as PageData),
    });
  return { files };
}

/** The article's card in the search index, read through `read`, or why it has none. */
function searchCardOf(
  read: (file: string) => string | undefined,
  post: BlogPost,
): { manifest: SearchManifest; slot: number; card: SearchCard } | { reason: string } {
  const manifestText = read(MANIFEST_PATH);
  if (manifestText === undefined) return { reason: "the last build wrote no search index" };
  const manifest = JSON.parse(manifestText) as SearchManifest;
  const ids = read(idShardPath(shardOf(post.documentId, manifest.idShards)));
  const slot = ids === undefined ? undefined : (JSON.parse(ids) as Record<string, number>)[post.documentId];
  if (slot === undefined) return { reason: "the search index has no card for the article" };
  const chunk = read(chunkPath(Math.floor(slot / CARDS_PER_CHUNK)));
  const card = chunk === undefined ? null : (JSON.parse(chunk) as (SearchCard | null)[])[slot % CARDS_PER_CHUNK];
  if (card?.id !== post.documentId) return { reason: "the search index has no card for the article" };
  if (card.slug !== post.slug || !sameJson(card.categories, post.categories.slice(0, 2)))
    return { reason: "the article's search card changed more than its title and date" };
  return { manifest, slot, card };
}

/** Reads files under `publicDir`, each once. */
function onceReader(publicDir: string): (file: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (file) => {
    if (!texts.has(file)) texts.set(file, readText(path.join(publicDir, file)));
    return texts.get(file);
  };
}

const laneFiles = (made: { files: Map<string, string> } | { reason: string }) =>
  "reason" in made ? made : { files: [...made.files].map(([file, text]) => ({ file, text })) };

/**
 * The pieces of the search index that change when the article's title does, as the build writes
 * them: the article keeps its slot (the build gives it the same one while its lastUpdate stays), so
 * only its chunk of cards and the shards of the pieces of its old and new titles change
 * (retitledPieces, beside the build's writer of the format). Reads a few files whatever the size of
 * the site.
 */
export async function searchPiecesWithTitle(
  publicDir: string,
  post: BlogPost,
): Promise<{ files: LaneFile[] } | { reason: string }> {
  const read = onceReader(publicDir);
  const found = searchCardOf(read, post);
  if ("reason" in found) return found;
  if (found.card.lastUpdate !== post.lastUpdate)
    return { reason: "the article's search card changed more than its title" };
  return laneFiles(retitledPieces(read, found.slot, post.title));
}

/**
 * The pieces of the search index that change when a publish moves the article to the top (a new
 * lastUpdate, newer than any other): the build gives it a new last slot and leaves its old one
 * empty (movedPieces). An article a fast lane moved since the last build (its slot at or past
 * `buildSlots`) is refused: the next build gives it a new slot again when a build read it at that
 * place in between (one always follows a lane), and keeps it there otherwise.
 */
export async function searchPiecesMoved(
  publicDir: string,
  post: BlogPost,
  buildSlots: number,
): Promise<{ files: LaneFile[] } | { reason: string }> {
  const read = onceReader(publicDir);
  const found = searchCardOf(read, post);
  if ("reason" in found) return found;
  const { manifest, slot, card } = found;
  if (slot >= buildSlots)
    return {
      reason: "a fast lane moved the article since the last build, whose search slot the builds between decide",
    };
  return laneFiles(
    movedPieces(read, slot, manifest.slots, { ...card, title: post.title, lastUpdate: post.lastUpdate }),
  );
}

/**
 * The pieces of the search index that change when a new article is published with a date newer
 * than every other: the build gives its card a new last slot (movedPieces, from no slot).
 */
export async function searchPiecesAdded(
  publicDir: string,
  card: SearchCard,
): Promise<{ files: LaneFile[] } | { reason: string }> {
  const read = onceReader(publicDir);
  const manifestText = read(MANIFEST_PATH);
  if (manifestText === undefined) return { reason: "the last build wrote no search index" };
  return laneFiles(movedPieces(read, null, (JSON.parse(manifestText) as SearchManifest).slots, card));
}

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
};

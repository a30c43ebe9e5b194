import { existsSync, readFileSync } from "node:fs";
import { articlePath, similarIndex, type BlogPost } from "@kindred/article";
import { blogListPath, pageCount, POSTS_PER_PAGE } from "../../lib/pagination";
import {
  htmlPathOf,
  pageDataPathOf,
  type PageData,
  type PageRenderer,
} from "../../../plugins/gatsby-internals/page-renderer";
import { CARD_INDEX_FILE, type CardIndex } from "./card-index";
import { RANKING_FILE, type RankedArticle, type Ranking } from "./ranking";
import { CARDS_OF, cardWith, sameJson, type Card, type LaneFile, type QueryData } from "./render-cards";

// The fast lane's part for a publish that moves an article to the top of the blog: its lastUpdate
// now newer than every other article's, its slug, blog, categories and cover as they were. That
// shifts the list pages down to the one it was on, puts it into the similar lists of the articles
// it now outranks there, and changes every list page's changesAfter. The build's ranking
// (ranking.ts: every article's node id and what similar lists are made from, newest first) is
// taken with the article moved first, and each page whose cards change is made from its previous
// page data: the cards it needs are those it showed, those of the list page before it, and the
// article's own, as cardWith makes it. Similar lists come from the article core's own similarIndex
// over the ranking before and after, so they are what createPages computes. The ranking and the
// card index are left as they then are, for the next lane before a build.

/** Card fields a move may change: its date, and its title with it. */
const MOVE_CARD_FIELDS = new Set(["title", "lastUpdate"]);

const LIST = "component---src-templates-blog-list-tsx";
const ARTICLE = "component---src-templates-blog-article-tsx";

/** One page a move changes: its new page data, and whether its HTML changes too. */
export interface MovedPage {
  path: string;
  pageData: string;
  /** False for a list page below the article's old place: only its changesAfter, not its cards, changed. */
  render: boolean;
}

export interface Move {
  pages: MovedPage[];
  /** The ranking and card index as they now are, under the site folder (the lane folder's). */
  laneFiles: LaneFile[];
  /** A new article's own page data (its page is rendered with the article's), when it is one. */
  added?: string;
}

/**
 * What the build resolves for a new article, which the lane gives movedPages: its node id (the
 * source plugin's createNodeId), its cover for the page and for its card, from the image store.
 */
export interface NewArticle {
  id: string;
  featureImage: unknown;
  cardImage: unknown;
}

type Refusal = { reason: string };

/**
 * A page's previous page data, read synchronously: a move reads thousands (3,100 at 10,000 articles)
 * while nothing else runs in this thread; awaiting each read in turn took 0.26 to 0.46 s for 3,100
 * such files here, reading them synchronously 0.05 s.
 */
const readPageData = (publicDir: string, pagePath: string): PageData | undefined => {
  try {
    return JSON.parse(readFileSync(pageDataPathOf(publicDir, pagePath), "utf8")) as PageData;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
};

/** The cards a page's query result shows, when it is a page of `template`. */
function cardsOf(previous: PageData, template: string): Card[] | undefined {
  const data = previous.result.data as QueryData | undefined;
  if (!data || previous.componentChunkName !== template) return undefined;
  const cards = CARDS_OF[template]!.read(data);
  return Array.isArray(cards) ? (cards as Card[]) : undefined;
}

/** The page data of `previous` with these cards and this context, as the build's query runner writes it. */
function pageDataWith(renderer: PageRenderer, previous: PageData, cards: Card[], pageContext: unknown): string {
  const data = CARDS_OF[previous.componentChunkName]!.write(previous.result.data as QueryData, cards);
  return renderer.pageDataText(previous, JSON.stringify({ data, pageContext }));
}

/** Why an article whose date does not come first is left to the build (comesFirst). */
export const NOT_FIRST = "the article's new date does not put it before every other article";

/**
 * Whether the article's date puts it before every other in the ranking: a date equal to another's
 * would leave the order to the build's sort, and an older one moves it down the lists.
 */
export const comesFirst = (ranking: Ranking, post: BlogPost): boolean =>
  ranking.articles.every((other) => other.documentId === post.documentId || other.lastUpdate < post.lastUpdate);

/**
 * The fields `shape` (an object the build wrote) has, in its order: each one in `resolved` as given
 * there (what the build resolves rather than reads), any other read from the article's node, null
 * where the node has none; or the first field the node does not know.
 */
function fromNode(
  shape: Card,
  post: BlogPost,
  resolved: Record<string, unknown>,
): { fields: Card } | { unknown: string } {
  const fields: Card = {};
  for (const field of Object.keys(shape)) {
    if (field in resolved) fields[field] = resolved[field];
    else if (!(field in post)) return { unknown: field };
    else fields[field] = (post as unknown as Record<string, unknown>)[field] ?? null;
  }
  return { fields };
}

/** A new article's card, its fields in the order of `shape` (any card the build wrote), as the build gives it. */
export function newCard(shape: Card, post: BlogPost, cardImage: unknown): { card: Card } | Refusal {
  const made = fromNode(shape, post, { cardImage });
  if ("unknown" in made) return { reason: `cards ask for "${made.unknown}", which the fast lane does not know` };
  return { card: made.fields };
}

/**
 * A new article's page data, shaped as `shape` (another article's page data, as the build wrote it):
 * the query result's fields in that order, each read from the article's node or resolved as the
 * build resolves it (the cover from the image store, the similar articles' cards).
 */
function newArticlePageData(
  renderer: PageRenderer,
  shape: PageData,
  post: BlogPost,
  added: NewArticle,
  similar: { ids: string[]; cards: Card[] },
): string | Refusal {
  const data = shape.result.data as { blogPost?: Card } | undefined;
  if (!data?.blogPost) return { reason: `${shape.path} has no article to shape the new one's page on` };
  const made = fromNode(data.blogPost, post, { featureImage: added.featureImage, similar: similar.cards });
  if ("unknown" in made)
    return { reason: `the article query asks for "${made.unknown}", which the fast lane does not know` };
  const blogPost = made.fields;
  const context = { ...(shape.result.pageContext as object), id: added.id, similar: similar.ids };
  return renderer.pageDataText(
    { ...shape, path: articlePath(post.slug) },
    JSON.stringify({ data: { ...data, blogPost }, pageContext: context }),
  );
}

/**
 * The pages a publish that moved `post` to the top changes, with their new page data, or why the
 * fast lane cannot tell them. Reads every list page's page data (each one's changesAfter changes)
 * and those of the article pages whose similar list changes or shows the article. With `added`,
 * `post` is a new article, published newer than every other: it comes in at the top, every list
 * page shifts, a new last list page opens when the last one was full, and its own page is made.
 */
export async function movedPages({
  publicDir,
  renderer,
  post,
  ranking,
  index,
  added,
}: {
  publicDir: string;
  renderer: PageRenderer;
  post: BlogPost;
  ranking: Ranking;
  index: CardIndex;
  added?: NewArticle;
}): Promise<Move | Refusal> {
  const at = added ? ranking.articles.length : ranking.articles.findIndex((a) => a.documentId === post.documentId);
  if (at < 0) return { reason: "the last build's ranking has no place for the article" };
  if (added && ranking.articles.some((article) => article.documentId === post.documentId))
    return { reason: "the last build's ranking has the article already" };
  const old = ranking.articles[at];
  if (old && (old.slug !== post.slug || old.blogId !== post.blogId || !sameJson(old.categories, post.categories)))
    return { reason: "the article's slug, blog or categories changed, which moves it elsewhere" };
  const others = ranking.articles.filter((_, place) => place !== at);
  if (!comesFirst(ranking, post)) return { reason: NOT_FIRST };
  const moved: RankedArticle = old
    ? { ...old, lastUpdate: post.lastUpdate }
    : {
        id: added!.id,
        slug: post.slug,
        documentId: post.documentId,
        blogId: post.blogId,
        categories: [...post.categories],
        lastUpdate: post.lastUpdate,
      };
  const next = [moved, ...others];
  const documentIdOf = new Map(ranking.articles.map((article) => [article.id, article.documentId]));
  const documentIds = (ids: readonly string[]): string[] => ids.map((id) => documentIdOf.get(id)!);
  /** The pages whose cards change: the document ids of the cards they showed and now show. */
  const shown = new Map<string, { before: string[]; after: string[] }>();
  const pages: MovedPage[] = [];

  // The list pages: those down to the article's old one (a new article's: all) shift by one card;
  // every one's changesAfter is the article's date, and its numPages the count of list pages.
  const lastShifted = Math.floor(at / POSTS_PER_PAGE) + 1;
  const numPages = pageCount(next.length);
  const cardOf = new Map<string, Card>();
  const lists: { pagePath: string; previous: PageData; before: string[] }[] = [];
  for (let page = 1; page <= pageCount(ranking.articles.length); page += 1) {
    const pagePath = blogListPath(page);
    const previous = readPageData(publicDir, pagePath);
    const cards = previous && cardsOf(previous, LIST);
    if (!previous || !cards) return { reason: `${pagePath} is not a list page the fast lane knows` };
    const before = ranking.articles.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE).map(({ id }) => id);
    const context = previous.result.pageContext as { ids?: unknown } | undefined;
    if (!sameJson(context?.ids, before) || cards.length !== before.length)
      return { reason: `${pagePath} does not list the articles the last build's ranking says` };
    if (page <= lastShifted) cards.forEach((card, place) => cardOf.set(before[place]!, card));
    lists.push({ pagePath, previous, before });
  }
  const shape = lists[0]?.previous;
  if (!shape) return { reason: "the last build made no list page" };
  const cardShape = cardsOf(shape, LIST)![0];
  if (!cardShape) return { reason: "the last build listed no article to shape a card on" };
  const card = old ? cardWith(cardOf.get(old.id)!, post, MOVE_CARD_FIELDS) : newCard(cardShape, post, added!.cardImage);
  if ("reason" in card) return card;
  cardOf.set(moved.id, card.card);
  if (added) documentIdOf.set(moved.id, moved.documentId);
  for (let page = 1; page <= numPages; page += 1) {
    // A new last list page is made on the last one's page data.
    const { pagePath, previous, before } = lists[page - 1] ?? {
      pagePath: blogListPath(page),
      previous: { ...lists.at(-1)!.previous, path: blogListPath(page) },
      before: [],
    };
    const after = next.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE).map(({ id }) => id);
    const render = page <= lastShifted || numPages !== lists.length;
    const cards = render ? after.map((id) => cardOf.get(id)!) : cardsOf(previous, LIST)!;
    const context = {
      ...(previous.result.pageContext as object),
      currentPage: page,
      numPages,
      ids: after,
      changesAfter: moved.lastUpdate,
    };
    pages.push({ path: pagePath, pageData: pageDataWith(renderer, previous, cards, context), render });
    if (render) shown.set(pagePath, { before: documentIds(before), after: documentIds(after) });
  }

  // The article pages whose similar list changes, or shows the article (its card's date changed).
  const similarBefore = similarIndex(ranking.articles);
  const similarAfter = similarIndex(next);
  let addedPageData: string | undefined;
  for (const article of next) {
    const after = similarAfter.similarTo(article).map(({ id }) => id);
    if (article === moved && !old) {
      // The new article's own page, shaped on the page of the article its list shows first (or any).
      let shapeOf: PageData | undefined;
      for (const other of [...after.map((id) => next.find((article) => article.id === id)!), ...others]) {
        shapeOf = readPageData(publicDir, articlePath(other.slug));
        if (shapeOf?.componentChunkName === ARTICLE) break;
        shapeOf = undefined;
      }
      if (!shapeOf) return { reason: "the last build made no article page to shape the new one's on" };
      const made = newArticlePageData(renderer, shapeOf, post, added!, {
        ids: after,
        cards: after.map((id) => cardOf.get(id)!),
      });
      if (typeof made !== "string") return made;
      addedPageData = made;
      shown.set(articlePath(post.slug), { before: [], after: documentIds(after) });
      continue;
    }
    const before = similarBefore.similarTo(article === moved ? old! : article).map(({ id }) => id);
    const changed = !sameJson(before, after);
    if (article === moved) {
      if (changed) return { reason: "the article's own similar articles changed" };
      continue;
    }
    if (!changed && !after.includes(moved.id)) continue;
    const pagePath = articlePath(article.slug);
    const previous = readPageData(publicDir, pagePath);
    if (!previous) {
      // Taken down since the build (its page and page data removed): nothing to redraw.
      if (!existsSync(htmlPathOf(publicDir, pagePath))) continue;
      return { reason: `${pagePath} has no page data` };
    }
    const cards = cardsOf(previous, ARTICLE);
    const context = previous.result.pageContext as { similar?: unknown } | undefined;
    if (!cards || !sameJson(context?.similar, before) || cards.length !== before.length)
      return { reason: `${pagePath} does not show the similar articles the last build's ranking gives` };
    const shownHere = new Map(before.map((id, place) => [id, cards[place]!]));
    shownHere.set(moved.id, card.card);
    const nextCards = after.map((id) => shownHere.get(id) ?? cardOf.get(id));
    if (nextCards.some((found) => found === undefined))
      return { reason: `${pagePath}: a similar article's card is not on the page` };
    pages.push({
      path: pagePath,
      pageData: pageDataWith(renderer, previous, nextCards as Card[], { ...context, similar: after }),
      render: true,
    });
    shown.set(pagePath, { before: documentIds(before), after: documentIds(after) });
  }

  const nextRanking: Ranking = { ...ranking, articles: next };
  return {
    pages,
    ...(addedPageData === undefined ? {} : { added: addedPageData }),
    laneFiles: [
      { file: RANKING_FILE, text: JSON.stringify(nextRanking) },
      { file: CARD_INDEX_FILE, text: JSON.stringify(cardIndexWith(index, shown)) },
    ],
  };
}

/** The card index with these pages' cards as they now are; other pages as they were. */
export function cardIndexWith(
  index: CardIndex,
  shown: ReadonlyMap<string, { before: readonly string[]; after: readonly string[] }>,
): CardIndex {
  const pages = [...index.pages];
  const shownOn: Record<string, number[]> = {};
  for (const [id, places] of Object.entries(index.shownOn)) shownOn[id] = [...places];
  const placeOf = new Map(pages.map((pagePath, place) => [pagePath, place]));
  const changed = new Set<string>();
  for (const [pagePath, { before, after }] of shown) {
    let place = placeOf.get(pagePath);
    if (place === undefined) {
      place = pages.push(pagePath) - 1;
      placeOf.set(pagePath, place);
    }
    for (const id of new Set(before)) {
      if (after.includes(id)) continue;
      shownOn[id] = (shownOn[id] ?? []).filter((other) => other !== place);
      changed.add(id);
    }
    for (const id of new Set(after)) {
      if (before.includes(id)) continue;
      (shownOn[id] ??= []).push(place);
      changed.add(id);
    }
  }
  for (const id of changed) {
    if (shownOn[id]!.length === 0) delete shownOn[id];
    else shownOn[id]!.sort((a, b) => a - b);
  }
  return { version: 1, pages, shownOn };
}

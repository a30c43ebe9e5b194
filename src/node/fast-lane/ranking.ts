import path from "node:path";
import type { SimilarCandidate } from "@kindred/article";
import { readLaneRecord, writeLaneRecord } from "./card-index";

// Every published article's place, as createPages ranked them (newest lastUpdate first), with what
// ranking similar articles reads, and how many search slots the build gave out: what the fast lane
// needs to move an article to the top of the blog (render-move.ts) without reading every page. Left
// by the build beside the card index (card-index.ts); a fast lane that moves an article leaves the
// ranking and the card index as they then are in its own release's lane folder, so a second lane
// before the next build starts from the site as it is.

/** Where the build leaves the ranking, under the site folder; the lane reads it at the same place. */
export const RANKING_FILE = path.join(".cache", "fast-lane", "ranking.json");

/** One article as createPages' query gives it: its node id, and what pages and similar lists are made from. */
export interface RankedArticle extends SimilarCandidate {
  id: string;
  slug: string;
}

export interface Ranking {
  version: 1;
  /** Newest first: the order of the blog's list pages. */
  articles: RankedArticle[];
  /**
   * How many search slots the last full build gave out (write-search-index.ts): a slot at or past it
   * was given by a fast lane since (render-cards.ts's searchPiecesMoved).
   */
  buildSlots: number;
}

export const writeRanking = (siteDir: string, ranking: Ranking): Promise<void> =>
  writeLaneRecord(siteDir, RANKING_FILE, ranking);

/** The ranking left in `siteDir`, or undefined when there is none or it is not one. */
export const readRanking = (siteDir: string): Promise<Ranking | undefined> =>
  readLaneRecord(
    siteDir,
    RANKING_FILE,
    (ranking: Partial<Ranking>) =>
      ranking.version === 1 && Array.isArray(ranking.articles) && typeof ranking.buildSlots === "number",
  );

// Where a visitor could meet an article on a served site: its page, the blog list, the search
// index, the RSS feed and the sitemap. The scheduling test and `npm run bench:schedule` watch these
// over HTTP, as a visitor's browser or a crawler would see them.
import { CARDS_PER_CHUNK, chunkPath, MANIFEST_PATH, type SearchCard } from "@kindred/article";
import { FEED_PATH } from "../../src/lib/site-files.ts";

export interface WatchedArticle {
  slug: string;
  title: string;
  /** Text of the article's body, which only its built page holds. */
  body: string;
}

export interface Traces {
  page: boolean;
  list: boolean;
  search: boolean;
  feed: boolean;
  sitemap: boolean;
  /** Other places a caller reads too (what the live list's or the fallback route's query returns). */
  [elsewhere: string]: boolean;
}

export interface Observation {
  /** When the reads began and ended (ms since the epoch). */
  startedAt: number;
  endedAt: number;
  traces: Traces;
}

const text = async (url: string): Promise<string> => {
  const response = await fetch(url, { headers: { "cache-control": "no-cache" } });
  return response.ok ? response.text() : "";
};

/** Reads every place the article could show on the site at `siteUrl`. */
export async function siteTraces(siteUrl: string, article: WatchedArticle): Promise<Traces> {
  const path = `/blogarticle/${article.slug}`;
  const [page, list, feed, sitemap, manifest] = await Promise.all([
    text(`${siteUrl}${path}`),
    text(`${siteUrl}/blog`),
    text(`${siteUrl}${FEED_PATH}`),
    text(`${siteUrl}/sitemap.xml`),
    text(`${siteUrl}/${MANIFEST_PATH}`),
  ]);
  const slots = manifest ? (JSON.parse(manifest) as { slots: number }).slots : 0;
  const chunks = await Promise.all(
    Array.from({ length: Math.ceil(slots / CARDS_PER_CHUNK) }, (_, chunk) => text(`${siteUrl}/${chunkPath(chunk)}`)),
  );
  const cards = chunks.flatMap((chunk) => (chunk ? (JSON.parse(chunk) as (SearchCard | null)[]) : []));
  return {
    // Unbuilt paths get the fallback route's shell, which holds no article text.
    page: page.includes(article.body),
    // A card links to the page (its title may be escaped in the HTML; its path is not).
    list: list.includes(`href="${path}"`),
    search: cards.some((card) => card?.slug === article.slug),
    feed: feed.includes(path),
    sitemap: sitemap.includes(path),
  };
}

export const everywhere = (traces: Traces): boolean => Object.values(traces).every(Boolean);
export const nowhere = (traces: Traces): boolean => !Object.values(traces).some(Boolean);

/**
 * Reads the site again and again (back to back) until `done` holds for an observation, or until
 * `deadline`; answers every observation, so a caller can check what was served before an instant.
 */
export async function watchSite(
  siteUrl: string,
  article: WatchedArticle,
  done: (traces: Traces) => boolean,
  deadline: number,
  { pauseMs = 200, elsewhere }: { pauseMs?: number; elsewhere?: () => Promise<Record<string, boolean>> } = {},
): Promise<Observation[]> {
  const observations: Observation[] = [];
  for (;;) {
    const startedAt = Date.now();
    const [site, more] = await Promise.all([siteTraces(siteUrl, article), elsewhere?.() ?? {}]);
    const traces: Traces = { ...site, ...more };
    observations.push({ startedAt, endedAt: Date.now(), traces });
    if (done(traces) || Date.now() > deadline) return observations;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

import { articlePath, escapeHtml, type BlogPost } from "@kindred/article";
import { feedItems, type FeedItem } from "@kindred/publishing";
import { rssItemXml, xmlText } from "../feed";

// The fast lane's part of the two site-wide files an article edit reaches: the feed (/rss.xml) and
// the sitemap (/sitemap.xml). Both are written by onPostBuild from every article (feed.ts,
// write-sitemap.ts); here the last build's file is taken as it is and only what the edit changes is
// replaced, with the same functions that wrote it, so the text is what the next build writes.
// A body edit keeps the article's place (its lastUpdate), so the feed keeps its order and its
// lastBuildDate; only the article's <item> changes. The sitemap changes only where the article's
// date (updatedOn, else lastUpdate) moved. Anything these two cannot tell from the file is refused.

export type SiteFileEdit = { text: string | null } | { reason: string };

/** The feed with the article's item written again; text null when the item is the same. */
export function feedWithArticle(feed: string, post: BlogPost, siteUrl: string): SiteFileEdit {
  const guid = `<guid isPermaLink="true">${xmlText(`${siteUrl}${articlePath(post.slug)}`)}</guid>`;
  const found = feedItems(feed).filter((item) => item.text.includes(guid));
  if (found.length === 0) return { reason: "the feed has no item for the article" };
  if (found.length > 1) return { reason: "the feed has two items for the article" };
  const [old] = found as [FeedItem];
  const item = rssItemXml(
    {
      slug: post.slug,
      title: post.title,
      lastUpdate: post.lastUpdate,
      categories: post.categories,
      description: post.description,
      safeBlocks: post.safeBlocks,
    },
    siteUrl,
  );
  return { text: item === old.text ? null : `${feed.slice(0, old.start)}${item}${feed.slice(old.end)}` };
}

/**
 * The feed with the article's item first, written again, as it is after a publish that moved the
 * article to the top of the blog (its lastUpdate newer than every other article's): the item taken
 * out of its place, put before every other, and the channel's lastBuildDate the article's date, as
 * the build writes the feed (newest first, the newest article's date).
 */
export function feedWithArticleFirst(feed: string, post: BlogPost, siteUrl: string): SiteFileEdit {
  const edited = feedWithArticle(feed, post, siteUrl);
  if ("reason" in edited) return edited;
  const text = edited.text ?? feed;
  const guid = `<guid isPermaLink="true">${xmlText(`${siteUrl}${articlePath(post.slug)}`)}</guid>`;
  const items = feedItems(text);
  const item = items.find((found) => found.text.includes(guid))!;
  // Each item is on lines of its own, after the channel's <atom:link/> line.
  const without = `${text.slice(0, item.start - 1)}${text.slice(item.end)}`;
  const header = /\n<atom:link [^\n]*\/>/.exec(without);
  const built = /<lastBuildDate>[^<]*<\/lastBuildDate>/;
  if (!header || !built.test(without)) return { reason: "the feed's channel is not laid out as the build writes it" };
  const at = header.index + header[0].length;
  const first = `${without.slice(0, at)}\n${item.text}${without.slice(at)}`;
  return { text: first.replace(built, `<lastBuildDate>${new Date(post.lastUpdate).toUTCString()}</lastBuildDate>`) };
}

/** The day the sitemap gives an article: when it was updated, else when it was last published. */
const dayOf = (dates: { lastUpdate: string; updatedOn: string | null }): string =>
  (dates.updatedOn ?? dates.lastUpdate).slice(0, 10);

/**
 * The sitemap with the article's date as it now is; text null when no date it shows changed. The
 * blog list pages show the newest article's day: that moves with the article's when its new day is
 * later, and cannot be worked out here when the article held it and its day went back.
 */
export function sitemapWithArticle(
  sitemap: string,
  before: { lastUpdate: string; updatedOn: string | null },
  post: BlogPost,
  siteUrl: string,
): SiteFileEdit {
  const was = dayOf(before);
  const now = dayOf(post);
  if (was === now) return { text: null };
  const loc = `<url><loc>${escapeHtml(`${siteUrl}${articlePath(post.slug)}`)}</loc>`;
  const entry = `${loc}<lastmod>${was}</lastmod></url>`;
  const at = sitemap.indexOf(entry);
  if (at < 0) return { reason: "the sitemap has no entry for the article with its date" };
  let text = `${sitemap.slice(0, at)}${loc}<lastmod>${now}</lastmod></url>${sitemap.slice(at + entry.length)}`;
  // Every other page under /blog (the list pages) shows the newest day of all articles.
  const lists = new RegExp(
    `(<url><loc>${escapeRegExp(escapeHtml(`${siteUrl}/blog`))}(?!article/)[^<]*</loc><lastmod>)([^<]*)(</lastmod>)`,
    "g",
  );
  const newest = [...text.matchAll(lists)].map((match) => match[2]!);
  if (newest.length > 0) {
    const shown = newest[0]!;
    if (newest.some((day) => day !== shown)) return { reason: "the blog's list pages show different dates" };
    if (now > shown) text = text.replace(lists, `$1${now}$3`);
    else if (was === shown && now < was)
      return { reason: "the article's date went back, and the blog's newest date cannot be told from the sitemap" };
  }
  return { text };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A live change as a blog card. Kept apart from live-articles.ts, which the blog list loads first,
// so the contract is only fetched with the lazily loaded Firebase client that needs it.
import type { BlogCardData } from "../components/blog/BlogCard";
import { checkArticle, builtCoverPolicy, checkCoverUrl } from "@kindred/article";

/**
 * A card from a blogMetaData document, or null when the build would refuse the document (the
 * shared contract); a cover the build would not download is left out, as on a built card.
 */
export function cardFromDocument(id: string, data: Record<string, unknown>): BlogCardData | null {
  const checked = checkArticle(data, "blogMetaData");
  if (!checked.ok) return null;
  const { article } = checked;
  const cover = checkCoverUrl(article.featureImage, builtCoverPolicy());
  return {
    id,
    slug: article.slug,
    title: article.title,
    categories: article.categories,
    lastUpdate: article.lastUpdate,
    imageSrc: "url" in cover ? cover.url : undefined,
  };
}

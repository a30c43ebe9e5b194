// Similar articles under a draft in the preview: the build's rule (packages/article/src/similar.ts) applied to
// the published articles that share a category with it, each checked by the shared contract.
import type { BlogCardData } from "../components/blog/BlogCard";
import {
  checkArticle,
  newestFirst,
  type StoredDocument,
  similarArticles,
  type SimilarCandidate,
} from "@kindred/article";
import { cardFromDocument } from "./live-card";
import type { PreviewArticle } from "./preview-article";

type Candidate = SimilarCandidate & { card: BlogCardData };

/** Up to three cards, ranked as the build ranks them among these published articles. */
export function similarCards(id: string, article: PreviewArticle, documents: StoredDocument[]): BlogCardData[] {
  const candidates = documents.flatMap((document): Candidate[] => {
    const data = document.data as Record<string, unknown>;
    const checked = checkArticle(data, "blogMetaData");
    const card = cardFromDocument(document.id, data);
    if (!checked.ok || !card) return [];
    const { blogId = "", categories, lastUpdate } = checked.article;
    return [{ documentId: document.id, blogId, categories, lastUpdate, card }];
  });
  // The build hands the rule its articles newest first, which breaks ties between equals.
  candidates.sort((a, b) =>
    newestFirst({ id: a.documentId, lastUpdate: a.lastUpdate }, { id: b.documentId, lastUpdate: b.lastUpdate }),
  );
  const current = {
    documentId: id,
    blogId: article.blogId,
    categories: article.categories,
    lastUpdate: article.lastUpdate,
  };
  return similarArticles(current, candidates).map((candidate) => candidate.card);
}

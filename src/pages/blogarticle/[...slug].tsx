import * as React from "react";
import { navigate, type PageProps } from "gatsby";
import { Layout } from "../../components/layout/Layout";
import { Seo } from "../../components/layout/Seo";
import { ArticleSkeleton, ArticleView } from "../../components/blog/ArticleView";
import { ArticleBody } from "../../components/article-body/ArticleBody";
import {
  safeBlocks,
  type SafeBlock,
  publishedArticle,
  slugProblem,
  type StoredDocument,
  builtCoverPolicy,
  checkCoverUrl,
  articlePath,
  slugFromArticleAddress,
  titleFromSlug,
} from "@kindred/article";
import { firebaseConfigFromEnv } from "../../lib/firebase-config";
import * as styles from "../../components/blog/article.module.css";

interface LoadedPost {
  title: string;
  categories: string[];
  updatedOn: string | null;
  image: string | null;
  blocks: SafeBlock[];
}

/**
 * The article made safe for the page, or null when the build would not have published it: the
 * same contract as the build (packages/article/src/contract.ts), applied to the post and to its metadata.
 */
function loadedPost(slug: string, post: StoredDocument | null, metas: StoredDocument[]): LoadedPost | null {
  const article = publishedArticle(slug, post, metas);
  if (!article.ok) {
    console.warn(`/blogarticle/${slug} is not shown: ${article.reason}.`);
    return null;
  }
  const cover = checkCoverUrl(article.post.featureImage, builtCoverPolicy());
  return {
    title: article.post.title,
    categories: article.post.categories,
    updatedOn: article.post.updatedOn,
    image: "url" in cover ? cover.url : null,
    blocks: safeBlocks(article.post.content.blocks),
  };
}

/**
 * Articles published after the build: /blogarticle/<slug> paths that were not built land here.
 * Skeleton, then the `blog` post with that slug (published, limit 1) checked with its metadata
 * against the contract, or /404 when there is none or the build would have refused it.
 */
export default function BlogPostFallback({ params, location }: PageProps<object, object, unknown>): JSX.Element {
  // The browser's match-path list names only the address the visitor opened (document-match-paths.ts),
  // so the router gives no `slug` parameter there: the address itself has it.
  const slug = (params as { slug?: string }).slug ?? slugFromArticleAddress(location.pathname);
  const [post, setPost] = React.useState<LoadedPost | null>(null);

  React.useEffect(() => {
    const config = firebaseConfigFromEnv();
    // A slug no build can publish needs no read at all.
    if (!config.projectId || slugProblem(slug) !== null) {
      void navigate("/404", { replace: true });
      return undefined;
    }
    let cancelled = false;
    import("../../lib/firebase-client")
      .then(({ findPublishedArticleBySlug }) => findPublishedArticleBySlug(config, slug))
      .then(({ post: found, metas }) => {
        if (cancelled) return;
        const loaded = loadedPost(slug, found, metas);
        if (loaded) setPost(loaded);
        else void navigate("/404", { replace: true });
      })
      .catch((error: unknown) => {
        console.warn("The article could not be loaded:", error);
        if (!cancelled) void navigate("/404", { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [slug]);

  return (
    <Layout>
      <Seo title={titleFromSlug(slug)} path={articlePath(slug)} type="article" image={post?.image ?? undefined} live />
      {post ? (
        <ArticleView
          title={post.title}
          categories={post.categories}
          updatedOn={post.updatedOn}
          body={<ArticleBody blocks={post.blocks} slug={slug} />}
          cover={
            post.image ? (
              <img src={post.image} alt="" className={styles.cover} width={960} height={540} />
            ) : (
              <div className={styles.cover} aria-hidden="true" />
            )
          }
        />
      ) : (
        <ArticleSkeleton />
      )}
    </Layout>
  );
}

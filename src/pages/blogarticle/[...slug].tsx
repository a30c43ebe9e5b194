import * as React from "react";
import { navigate, type PageProps } from "gatsby";
import { Layout } from "../../components/layout/Layout";
import { Seo } from "../../components/layout/Seo";
import { ArticleSkeleton, ArticleView } from "../../components/blog/ArticleView";
import { safeBlocks, safeUrl, type SafeBlock } from "../../lib/article-body";
import { firebaseConfigFromEnv } from "../../lib/firebase-config";
import { articlePath, titleFromSlug } from "../../lib/slug";
import * as styles from "../../components/blog/article.module.css";

interface LoadedPost {
  title: string;
  categories: string[];
  updatedOn: string | null;
  image: string | null;
  blocks: SafeBlock[];
}

const toIso = (value: unknown): string | null => {
  if (value && typeof value === "object" && "toDate" in value && typeof value.toDate === "function") {
    const date: unknown = value.toDate();
    return date instanceof Date ? date.toISOString() : null;
  }
  return typeof value === "string" ? value : null;
};

/** The post's data made safe for the page, or null when it lacks a title. */
function postFromData(data: Record<string, unknown>): LoadedPost | null {
  if (typeof data.title !== "string" || data.title.trim() === "") return null;
  const content = data.content && typeof data.content === "object" ? (data.content as { blocks?: unknown }) : {};
  return {
    title: data.title,
    categories: Array.isArray(data.categories) ? data.categories.filter((c): c is string => typeof c === "string") : [],
    updatedOn: toIso(data.updatedOn),
    image: safeUrl(data.featureImage),
    blocks: safeBlocks(content.blocks),
  };
}

/**
 * Articles published after the build: /blogarticle/<slug> paths that were not built land here.
 * Skeleton, then the `blog` post with that slug (published, limit 1), or /404 when there is none.
 */
export default function BlogPostFallback({ params }: PageProps<object, object, unknown>): JSX.Element {
  const slug = (params as { slug?: string }).slug ?? "";
  const [post, setPost] = React.useState<LoadedPost | null>(null);

  React.useEffect(() => {
    const config = firebaseConfigFromEnv();
    if (!config.projectId || slug === "") {
      void navigate("/404", { replace: true });
      return undefined;
    }
    let cancelled = false;
    import("../../lib/firebase-client")
      .then(({ findPublishedPostBySlug }) => findPublishedPostBySlug(config, slug))
      .then((found) => {
        if (cancelled) return;
        const loaded = found ? postFromData(found.data) : null;
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
      <Seo title={titleFromSlug(slug)} path={articlePath(slug)} type="article" image={post?.image ?? undefined} />
      {post ? (
        <ArticleView
          title={post.title}
          categories={post.categories}
          updatedOn={post.updatedOn}
          blocks={post.blocks}
          cover={post.image ? <img src={post.image} alt="" className={styles.cover} width={960} height={540} /> : <div className={styles.cover} aria-hidden="true" />}
        />
      ) : (
        <ArticleSkeleton />
      )}
    </Layout>
  );
}

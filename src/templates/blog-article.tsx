import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { imageSrc as fallbackSrc, ResponsiveImage } from "../components/ResponsiveImage";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { articleOgImage } from "../lib/og-image";
import { ArticleView } from "../components/blog/ArticleView";
import { BuiltArticleBody } from "../components/article-body/BuiltArticleBody";
import { cardFromNode } from "../components/blog/BlogCard";
import { SimilarArticles } from "../components/blog/SimilarArticles";
import { articlePath, titleFromSlug } from "@kindred/article";
import type { QueryResult } from "../lib/query-results";
import * as styles from "../components/blog/article.module.css";

/**
 * An article page's context: its BlogPost node and its similar articles' nodes (computed for all
 * articles at once in src/node/create-pages.ts); everything else comes from the query.
 */
export interface BlogArticleContext {
  id: string;
  similar: string[];
}

export const query = graphql`
  query BlogArticlePage($id: String!, $similar: [String!]) {
    blogPost(id: { eq: $id }) {
      documentId
      title
      slug
      categories
      lastUpdate
      updatedOn
      featureImageUrl
      featureImage
      description
      safeBlocks
      similar(ids: $similar) {
        ...BlogCardFields
      }
    }
    site {
      siteMetadata {
        siteUrl
      }
    }
  }
`;

/** One article: title, hashtags, cover, updated date, body, then similar articles when there are any. */
export default function BlogArticleTemplate({
  data,
}: PageProps<QueryResult<Queries.BlogArticlePageQuery>, BlogArticleContext>): JSX.Element {
  // The page exists because its node does (src/node/create-pages.ts); siteMetadata is gatsby-config's.
  const post = data.blogPost!;
  const image = post.featureImage;
  const imageSrc = image ? fallbackSrc(image) : post.featureImageUrl;
  // A refused cover leaves featureImageUrl empty: no image in the structured data, not an empty URL.
  const imageUrl =
    imageSrc && imageSrc.startsWith("/") ? `${data.site!.siteMetadata!.siteUrl}${imageSrc}` : imageSrc || undefined;
  const similar = post.similar.map(cardFromNode);
  const jsonLd = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    image: imageUrl,
    datePublished: post.lastUpdate,
    dateModified: post.updatedOn ?? post.lastUpdate,
    mainEntityOfPage: `${data.site!.siteMetadata!.siteUrl}${articlePath(post.slug)}`,
    publisher: { "@type": "Organization", name: "Kindred" },
  }).replace(/</g, "\\u003c");

  return (
    <Layout>
      <Seo
        title={titleFromSlug(post.slug)}
        description={post.description}
        path={articlePath(post.slug)}
        type="article"
        image={articleOgImage(post.slug)}
      >
        <script type="application/ld+json">{jsonLd}</script>
      </Seo>
      <ArticleView
        title={post.title}
        categories={post.categories}
        updatedOn={post.updatedOn}
        body={<BuiltArticleBody blocks={post.safeBlocks} slug={post.slug} />}
        cover={
          image ? (
            <ResponsiveImage image={image} alt="" loading="eager" fetchPriority="high" className={styles.cover} />
          ) : (
            <div className={styles.cover} aria-hidden="true" />
          )
        }
      />
      <SimilarArticles cards={similar} />
    </Layout>
  );
}

import * as React from "react";
import { graphql, Link } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { ResponsiveImage } from "../ResponsiveImage";
import { formatLastUpdate } from "../../lib/dates";
import { articlePath } from "../../lib/slug";
import * as styles from "./blog.module.css";

/** What a card shows, whether it comes from the build (GraphQL) or from the search index. */
export interface BlogCardData {
  id: string;
  slug: string;
  title: string;
  categories: string[];
  lastUpdate: string;
  image?: IGatsbyImageData | null;
  imageSrc?: string;
}

export interface BlogCardNode {
  documentId: string;
  slug: string;
  title: string;
  categories: string[];
  lastUpdate: string;
  featureImageUrl: string;
  featureImage: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

export const query = graphql`
  fragment BlogCardFields on BlogPost {
    documentId
    slug
    title
    categories
    lastUpdate
    featureImageUrl
    featureImage {
      childImageSharp {
        gatsbyImageData(width: 480, aspectRatio: 1.6, placeholder: NONE, formats: [AUTO, WEBP])
      }
    }
  }
`;

/** A card's data from a BlogPost node. */
export function cardFromNode(node: BlogCardNode): BlogCardData {
  return {
    id: node.documentId,
    slug: node.slug,
    title: node.title,
    categories: node.categories,
    lastUpdate: node.lastUpdate,
    image: node.featureImage?.childImageSharp?.gatsbyImageData ?? null,
    imageSrc: node.featureImageUrl,
  };
}

function CardImage({ card, eager }: { card: BlogCardData; eager: boolean }): JSX.Element {
  const [loaded, setLoaded] = React.useState(false);
  const markLoaded = React.useCallback(() => setLoaded(true), []);
  const loading = eager ? "eager" : "lazy";
  return (
    <div className={`${styles.cardImage} ${loaded ? styles.loaded : ""}`}>
      {card.image ? (
        <ResponsiveImage image={card.image} alt="" loading={loading} onLoad={markLoaded} className={styles.cardImageInner} />
      ) : card.imageSrc ? (
        <img src={card.imageSrc} alt="" loading={loading} decoding="async" onLoad={markLoaded} className={styles.cardImageInner} />
      ) : null}
    </div>
  );
}

/** One article on the blog list: cover, first category, title and last update; links to the article. */
export function BlogCard({ card, eager = false }: { card: BlogCardData; eager?: boolean }): JSX.Element {
  const category = card.categories[0];
  return (
    <article className={styles.card}>
      <Link
        to={articlePath(card.slug)}
        className={styles.cardLink}
        onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      >
        <CardImage card={card} eager={eager} />
        <div className={styles.cardBody}>
          {category && <p className={styles.category}>{category}</p>}
          <h2 className={styles.cardTitle}>{card.title}</h2>
          <p className={styles.cardDate}>
            <time dateTime={card.lastUpdate}>{formatLastUpdate(card.lastUpdate)}</time>
          </p>
        </div>
      </Link>
    </article>
  );
}

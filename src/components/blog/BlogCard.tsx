import * as React from "react";
import { graphql, Link, navigate } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { ResponsiveImage } from "../ResponsiveImage";
import { CARD_IMAGE_SIZES } from "../../lib/image-slots";
import { formatLastUpdate } from "../../lib/dates";
import { articlePath } from "@kindred/article";
import { animateScrollTo } from "../../lib/smooth-scroll";
import * as styles from "./blog.module.css";
import { isPlainClick } from "../../lib/plain-click";

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
  /** The card's cover from the image store (src/node/blog-post-resolvers.ts). */
  cardImage: IGatsbyImageData | null;
}

export const query = graphql`
  fragment BlogCardFields on BlogPost {
    documentId
    slug
    title
    categories
    lastUpdate
    featureImageUrl
    cardImage
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
    image: node.cardImage ?? null,
    imageSrc: node.featureImageUrl,
  };
}

function CardImage({ card, eager, priority }: { card: BlogCardData; eager: boolean; priority: boolean }): JSX.Element {
  const [loaded, setLoaded] = React.useState(false);
  const markLoaded = React.useCallback(() => setLoaded(true), []);
  const loading = eager ? "eager" : "lazy";
  return (
    <div className={`${styles.cardImage} ${loaded ? styles.loaded : ""}`}>
      {card.image ? (
        <ResponsiveImage
          image={card.image}
          alt=""
          loading={loading}
          fetchPriority={priority ? "high" : "auto"}
          sizes={CARD_IMAGE_SIZES}
          onLoad={markLoaded}
          className={styles.cardImageInner}
        />
      ) : card.imageSrc ? (
        <img
          src={card.imageSrc}
          alt=""
          loading={loading}
          decoding="async"
          onLoad={markLoaded}
          className={styles.cardImageInner}
        />
      ) : null}
    </div>
  );
}

/**
 * One article on the blog list: cover, first category, title and last update; links to the article.
 * `eager` covers load without waiting to scroll into view; `priority` marks the page's largest image
 * (the first card's), which the browser then fetches first. Without `prefetch`, the card is a plain
 * link, which Gatsby does not prefetch as it scrolls into view: a search's results change with every
 * key, and each set would fetch its articles' page data.
 */
export function BlogCard({
  card,
  eager = false,
  priority = false,
  prefetch = true,
}: {
  card: BlogCardData;
  eager?: boolean;
  priority?: boolean;
  prefetch?: boolean;
}): JSX.Element {
  const category = card.categories[0];
  const to = articlePath(card.slug);
  // A plain click first scrolls smoothly to the top (300 ms), then opens the article; a click
  // that opens a new tab or window is left to the browser.
  const scrollThenOpen = (event: React.MouseEvent<HTMLAnchorElement>): void => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    void animateScrollTo(0).then(() => navigate(to));
  };
  const content = (
    <>
      <CardImage card={card} eager={eager || priority} priority={priority} />
      <div className={styles.cardBody}>
        {category && <p className={styles.category}>{category}</p>}
        <h2 className={styles.cardTitle}>{card.title}</h2>
        <p className={styles.cardDate}>
          <time dateTime={card.lastUpdate}>{formatLastUpdate(card.lastUpdate)}</time>
        </p>
      </div>
    </>
  );
  return (
    <article className={styles.card}>
      {prefetch ? (
        <Link to={to} className={styles.cardLink} onClick={scrollThenOpen}>
          {content}
        </Link>
      ) : (
        <a href={to} className={styles.cardLink} onClick={scrollThenOpen}>
          {content}
        </a>
      )}
    </article>
  );
}

import * as React from "react";
import { graphql, useStaticQuery } from "gatsby";
import { isSiteOgImage, OG_IMAGE_HEIGHT, OG_IMAGE_TYPE, OG_IMAGE_WIDTH } from "../../lib/og-image";
import { FEED_PATH, THEME_COLOR } from "../../lib/site-files";
import { PageHead } from "./PageHead";

export interface SeoProps {
  title: string;
  description?: string;
  /** The page's own path, for its canonical link and og:url. */
  path: string;
  type?: "website" | "article";
  /**
   * Absolute URL or site path of the sharing image; by default the site-wide JPEG. Built pages name
   * one of the site's own 1200 × 630 JPEGs (src/lib/og-image.ts), which get their size and type too.
   */
  image?: string;
  /** Keep the page out of search results (unknown paths that show Home). */
  noindex?: boolean;
  /** The head is drawn from data the browser fetches, so the browser writes it on the first page too (PageHead). */
  live?: boolean;
  children?: React.ReactNode;
}

const absolute = (siteUrl: string, pathOrUrl: string): string =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

/**
 * Title, description, canonical link and social-sharing tags of a page, through react-helmet, which
 * stays by the owner's decision (PageHead.tsx). The browser fetches it only once a head must change,
 * so it is no part of any page's first load (docs/first-load.md).
 */
export function Seo({
  title,
  description,
  path,
  type = "website",
  image,
  noindex = false,
  live = false,
  children,
}: SeoProps): JSX.Element {
  const { site } = useStaticQuery<Queries.SeoSiteMetadataQuery>(graphql`
    query SeoSiteMetadata {
      site {
        siteMetadata {
          title
          siteName
          description
          siteUrl
          image
        }
      }
    }
  `);
  // The site node and its siteMetadata (gatsby-config.ts) are always there.
  const meta = site!.siteMetadata!;
  const fullTitle = title === meta.siteName ? title : `${title} | ${meta.siteName}`;
  const summary = description ?? meta.description;
  const url = absolute(meta.siteUrl, path);
  const imagePath = image ?? meta.image;
  const imageUrl = absolute(meta.siteUrl, imagePath);
  const ownImage = isSiteOgImage(imagePath);

  return (
    <PageHead htmlAttributes={{ lang: "en" }} live={live}>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      <link rel="canonical" href={url} />
      {/* Written by the build: src/node/feed.ts. The icons and the manifest are the same on every page (gatsby-ssr.tsx). */}
      <link rel="alternate" type="application/rss+xml" title={`${meta.siteName} blog`} href={FEED_PATH} />
      <meta name="theme-color" content={THEME_COLOR} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={meta.siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      {ownImage && <meta property="og:image:type" content={OG_IMAGE_TYPE} />}
      {ownImage && <meta property="og:image:width" content={String(OG_IMAGE_WIDTH)} />}
      {ownImage && <meta property="og:image:height" content={String(OG_IMAGE_HEIGHT)} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={summary} />
      <meta name="twitter:image" content={imageUrl} />
      {children}
    </PageHead>
  );
}

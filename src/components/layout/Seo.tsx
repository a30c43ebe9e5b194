import * as React from "react";
import { Helmet } from "react-helmet";
import { graphql, useStaticQuery } from "gatsby";

interface SiteMetadataQuery {
  site: {
    siteMetadata: { title: string; siteName: string; description: string; siteUrl: string; image: string };
  };
}

export interface SeoProps {
  title: string;
  description?: string;
  /** The page's own path, for its canonical link and og:url. */
  path: string;
  type?: "website" | "article";
  /** Absolute URL or site path of the sharing image. */
  image?: string;
  /** Keep the page out of search results (unknown paths that show Home). */
  noindex?: boolean;
  children?: React.ReactNode;
}

const absolute = (siteUrl: string, pathOrUrl: string): string =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

/** Title, description, canonical link and social-sharing tags of a page. */
export function Seo({
  title,
  description,
  path,
  type = "website",
  image,
  noindex = false,
  children,
}: SeoProps): JSX.Element {
  const { site } = useStaticQuery<SiteMetadataQuery>(graphql`
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
  const meta = site.siteMetadata;
  const fullTitle = title === meta.siteName ? title : `${title} | ${meta.siteName}`;
  const summary = description ?? meta.description;
  const url = absolute(meta.siteUrl, path);
  const imageUrl = absolute(meta.siteUrl, image ?? meta.image);

  return (
    <Helmet htmlAttributes={{ lang: "en" }}>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      <link rel="canonical" href={url} />
      <link rel="icon" href="/favicon.png" type="image/png" />
      <meta name="theme-color" content="#b3124f" />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={meta.siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={summary} />
      <meta name="twitter:image" content={imageUrl} />
      {children}
    </Helmet>
  );
}

import type { CreateSchemaCustomizationArgs } from "gatsby";

/**
 * The siteMetadata of gatsby-config.ts as a GraphQL type. Gatsby would infer every field as a nullable
 * String; declared non-null, each query's generated type (src/gatsby-types.d.ts) says `string`, and a
 * config that lost one fails the build at the query that reads it instead of putting "undefined" in a page.
 */
export const SITE_METADATA_TYPE_DEFS = `
  type SiteSiteMetadata {
    "The site's title (Kindred)."
    title: String!
    "The name after each page's title and in og:site_name."
    siteName: String!
    "The site's description: pages without their own, the feed, the web app manifest."
    description: String!
    "The absolute origin of canonical links and social tags (SITE_URL)."
    siteUrl: String!
    "The site-wide sharing image, a site path."
    image: String!
  }
`;

/** createSchemaCustomization: the site's own types (BlogPost is the source plugin's). */
export function addSiteMetadataType({ actions }: Pick<CreateSchemaCustomizationArgs, "actions">): void {
  actions.createTypes(SITE_METADATA_TYPE_DEFS);
}

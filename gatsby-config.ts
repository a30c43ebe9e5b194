import type { GatsbyConfig } from "gatsby";

/** Absolute origin used for canonical links and social tags; override with SITE_URL. */
const siteUrl = (process.env.SITE_URL ?? "https://kindred.app").replace(/\/+$/, "");

const config: GatsbyConfig = {
  siteMetadata: {
    title: "Kindred",
    siteName: "Kindred",
    description:
      "Kindred is the dating app for meaningful connections. Say goodbye to swiping endlessly and meet people who want what you want.",
    siteUrl,
    image: "/og-image.jpg",
  },
  // The specification's routes have no trailing slash (/terms, /blog); firebase.json agrees.
  trailingSlash: "never",
  graphqlTypegen: false,
  plugins: [
    "gatsby-plugin-react-helmet",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
  ],
};

export default config;

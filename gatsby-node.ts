// Wires Gatsby's build APIs to the site's modules in src/node/, one concern each; the work and its
// tests live there. Where one API does two jobs, they run one after the other.
import type { GatsbyNode } from "gatsby";
import { publishFonts } from "./src/node/fonts";
import { addBlogPostResolvers } from "./src/node/blog-post-resolvers";
import { createBlogPages, homeCatchesUnknownPaths, keepPageNodes } from "./src/node/create-pages";
import { writeSearchIndex } from "./src/node/write-search-index";
import { writeRanking } from "./src/node/fast-lane/ranking";
import { siteDir } from "./src/node/output-files";
import { configureWebpack } from "./src/node/webpack";
import { finishBuiltPages } from "./src/node/html/finish-html";
import { writeSitemap } from "./src/node/write-sitemap";
import { writeOgImages } from "./src/node/write-og-images";
import { writeFeed } from "./src/node/feed";
import { writeManifest } from "./src/node/manifest";
import { recordBuildCode, resetCacheOnCodeChange } from "./src/node/build-code";
import { prepareCovers } from "./src/node/covers";
import { addSiteMetadataType } from "./src/node/site-metadata-type";

export const onPreInit: GatsbyNode["onPreInit"] = resetCacheOnCodeChange;

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async (args) => {
  recordBuildCode(args);
  await publishFonts(args);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = keepPageNodes;

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = addSiteMetadataType;

export const createResolvers: GatsbyNode["createResolvers"] = addBlogPostResolvers;

export const onCreatePage: GatsbyNode["onCreatePage"] = homeCatchesUnknownPaths;

export const createPages: GatsbyNode["createPages"] = async (args) => {
  await prepareCovers(args);
  const articles = await createBlogPages(args);
  const buildSlots = await writeSearchIndex(args);
  // For the fast lane's moves (src/node/fast-lane/render-move.ts): the ranking, and the slots given.
  if (articles) await writeRanking(siteDir(args.store), { version: 1, articles, buildSlots });
};

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = configureWebpack;

export const onPostBuild: GatsbyNode["onPostBuild"] = async (args) => {
  await finishBuiltPages(args);
  await writeSitemap(args);
  await writeOgImages(args);
  await writeFeed(args);
  await writeManifest(args);
};

import type { GatsbyNode } from "gatsby";
import { BLOG_POST_TYPE_DEFS } from "@kindred/article";

/** The explicit schema of the data contract: the article core's one definition of BlogPost. */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(BLOG_POST_TYPE_DEFS);
};

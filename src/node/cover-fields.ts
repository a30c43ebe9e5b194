import type { CreateSchemaCustomizationArgs } from "gatsby";
import { ARTICLE_RECIPE, CARD_RECIPE, coverData, storeOf, type CoverOwner } from "./covers";

/**
 * createSchemaCustomization: the cover's image data on BlogPost, made from the image store's records
 * (prepareCovers filled the store before any query runs). `featureImage` is the article's cover,
 * `cardImage` the card's; both are gatsby-plugin-image data, null when the article has no cover.
 */
export function addCoverFields({
  actions,
  schema,
  store,
}: Pick<CreateSchemaCustomizationArgs, "actions" | "schema" | "store">): void {
  const dir = storeOf(store);
  actions.createTypes(
    schema.buildObjectType({
      name: "BlogPost",
      interfaces: ["Node"],
      fields: {
        featureImage: {
          type: "JSON",
          description:
            "The cover at the top of the article as gatsby-plugin-image data (from the image store); null when it could not be had.",
          resolve: (post: CoverOwner) => coverData(dir, post, ARTICLE_RECIPE),
        },
        cardImage: {
          type: "JSON",
          description:
            "The cover on the article's card as gatsby-plugin-image data (from the image store); null when it could not be had.",
          resolve: (post: CoverOwner) => coverData(dir, post, CARD_RECIPE),
        },
      },
    }),
  );
}

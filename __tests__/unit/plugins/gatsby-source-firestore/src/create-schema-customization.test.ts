/** @jest-environment node */
import type { CreateSchemaCustomizationArgs } from "gatsby";
import { BLOG_POST_TYPE_DEFS } from "@kindred/article";
import { createSchemaCustomization } from "../../../../../plugins/gatsby-source-firestore/src/create-schema-customization";

describe("createSchemaCustomization", () => {
  it("declares BlogPost with the article core's one definition, and nothing else", async () => {
    const createTypes = jest.fn();
    await createSchemaCustomization!(
      { actions: { createTypes } } as unknown as CreateSchemaCustomizationArgs,
      { plugins: [] },
      () => undefined,
    );
    expect(createTypes.mock.calls).toEqual([[BLOG_POST_TYPE_DEFS]]);
    expect(BLOG_POST_TYPE_DEFS).toMatch(/type BlogPost implements Node/);
  });
});

/** @jest-environment node */
import { buildSchema, isNonNullType, type GraphQLObjectType } from "graphql";
import { BLOG_POST_TYPE_DEFS } from "../../../../../packages/article/src/blog-post";

// What Gatsby declares before any plugin's types: enough of it for the definition to stand alone.
const GATSBY_DECLARES = `
  interface Node { id: ID! }
  scalar JSON
  scalar Date
  directive @dontInfer on OBJECT
  directive @dateformat on FIELD_DEFINITION
  type Query { blogPost: BlogPost }
`;

const blogPostType = (): GraphQLObjectType =>
  buildSchema(`${GATSBY_DECLARES}${BLOG_POST_TYPE_DEFS}`).getType("BlogPost") as GraphQLObjectType;

describe("BLOG_POST_TYPE_DEFS", () => {
  it("declares every field a page may ask for, the finished body and the build's own fields among them", () => {
    expect(Object.keys(blogPostType().getFields()).sort()).toEqual(
      [
        "documentId",
        "blogId",
        "title",
        "slug",
        "categories",
        "featureImageUrl",
        "published",
        "lastUpdate",
        "updatedOn",
        "content",
        "safeBlocks",
        "description",
        "similar",
        "featureImage",
        "cardImage",
      ].sort(),
    );
  });

  it("describes every field and argument, for GraphiQL", () => {
    const type = blogPostType();
    expect(type.description).toMatch(/\w{3,}/);
    for (const field of Object.values(type.getFields())) {
      expect([field.name, field.description]).toEqual([field.name, expect.stringMatching(/\w{3,}/)]);
      for (const arg of field.args) expect(arg.description).toMatch(/\w{3,}/);
    }
  });

  it("keeps build-only data out of the API, and promises the finished body on every article", () => {
    const fields = blogPostType().getFields();
    for (const hidden of ["featureImageSource", "malformedBlocks", "leftOutBlocks"])
      expect(fields[hidden]).toBeUndefined();
    expect(isNonNullType(fields.safeBlocks!.type)).toBe(true);
    expect(isNonNullType(fields.description!.type)).toBe(true);
    expect(fields.similar!.args.map((arg) => arg.name)).toEqual(["ids"]);
  });
});

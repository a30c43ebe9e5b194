import type { IGatsbyImageData } from "gatsby-plugin-image";
import type { SafeBlock } from "@kindred/article";
import type { QueryResult } from "../../../../src/lib/query-results";

// QueryResult is types only: the type check (npm test's first stage) proves these, against the generated
// types of the site's own queries (src/gatsby-types.d.ts); Jest only sees that the list holds true.

/** true when A and B are the same type, false otherwise. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type ArticlePage = QueryResult<Queries.BlogArticlePageQuery>;
type Post = NonNullable<ArticlePage["blogPost"]>;
type Card = QueryResult<Queries.BlogCardFieldsFragment>;
type FeedItem = QueryResult<Queries.BlogFeedItemsQuery>["allBlogPost"]["nodes"][number];

describe("QueryResult", () => {
  it("gives BlogPost's JSON fields their shapes, wherever the query reads them", () => {
    const shaped: [
      Same<Post["safeBlocks"], SafeBlock[]>,
      Same<Post["featureImage"], IGatsbyImageData | null>,
      Same<Post["similar"][number]["cardImage"], IGatsbyImageData | null>,
      Same<Card["cardImage"], IGatsbyImageData | null>,
      Same<FeedItem["safeBlocks"], SafeBlock[]>,
    ] = [true, true, true, true, true];
    expect(shaped).not.toContain(false);
  });

  it("keeps the rest of the generated type, nullability included", () => {
    const kept: [
      Same<Post["title"], string>,
      Same<Post["updatedOn"], string | null>,
      Same<Post["categories"], ReadonlyArray<string>>,
      Same<ArticlePage["blogPost"], Post | null>,
      Same<NonNullable<NonNullable<ArticlePage["site"]>["siteMetadata"]>["siteUrl"], string>,
      Same<Card["slug"], Queries.BlogCardFieldsFragment["slug"]>,
    ] = [true, true, true, true, true, true];
    expect(kept).not.toContain(false);
  });
});

import type { IGatsbyImageData } from "gatsby-plugin-image";
import type { SafeBlock } from "@kindred/article";

// Every query's result is typed by Gatsby's typegen: Queries.<Name>Query in src/gatsby-types.d.ts
// (docs/commands.md, Typed queries). The one thing those types cannot say is narrowed here, and only here.
//
// GraphQL's JSON scalar says nothing of what it holds, so the generated types give every JSON field the
// type Record<string, unknown>. The BlogPost type has three (BLOG_POST_TYPE_DEFS,
// packages/article/src/blog-post.ts), and the build fills each with one known shape:
// - `safeBlocks`: the body's blocks, checked and sanitized when the source plugin stored the node
//   (finishBody, packages/article/src/finished-body.ts);
// - `featureImage` and `cardImage`: gatsby-plugin-image data from the image store's record (coverData,
//   src/node/covers.ts, resolved in src/node/blog-post-resolvers.ts), null when there is no cover.
// QueryResult<Queries.XQuery> is the generated type with those fields given their shapes, wherever the query
// reads them. It is a cast, checked by nothing but the build that fills the fields, and the only one: the rest of
// the generated type, nullability included, is kept. Types only, so the browser's JavaScript is unchanged.

/** The shape the build gives each JSON field of BlogPost, by field name. */
interface JsonShapes {
  safeBlocks: SafeBlock[];
  featureImage: IGatsbyImageData;
  cardImage: IGatsbyImageData;
}

/** A generated query or fragment type with BlogPost's JSON fields given their shapes (null kept where allowed). */
export type QueryResult<T> =
  T extends ReadonlyArray<infer Item>
    ? ReadonlyArray<QueryResult<Item>>
    : T extends object
      ? {
          readonly [K in keyof T]: K extends keyof JsonShapes ? JsonShapes[K] | Extract<T[K], null> : QueryResult<T[K]>;
        }
      : T;

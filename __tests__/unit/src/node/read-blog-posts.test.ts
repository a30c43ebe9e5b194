/** @jest-environment node */
import type { BuildArgs } from "gatsby";
import type { BlogPostNode } from "@kindred/article";
import { blogPostsNewestFirst } from "../../../../src/node/read-blog-posts";

const post = (documentId: string, lastUpdate: string) =>
  ({ id: `node-of-${documentId.split("").reverse().join("")}`, documentId, lastUpdate }) as unknown as BlogPostNode;

describe("blogPostsNewestFirst", () => {
  it("orders the nodes newest first and equal dates by document id, whatever order Gatsby holds them in, leaving Gatsby's list as it was", () => {
    // Node ids sort the other way round from document ids here.
    const held = [
      post("ab", "2024-01-01T00:00:00.000Z"),
      post("c", "2024-03-01T00:00:00.000Z"),
      post("ba", "2024-01-01T00:00:00.000Z"),
    ];
    const getNodesByType = ((type: string) =>
      type === "BlogPost" ? held : []) as unknown as BuildArgs["getNodesByType"];
    expect(blogPostsNewestFirst({ getNodesByType }).map((node) => node.documentId)).toEqual(["c", "ab", "ba"]);
    expect(held.map((node) => node.documentId)).toEqual(["ab", "c", "ba"]);
  });
});

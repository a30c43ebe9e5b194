import type { GatsbyNode, Node } from "gatsby";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createFileNodeFromBuffer, createRemoteFileNode } from "gatsby-source-filesystem";
import type { ImageSource } from "./types";
import { BLOG_POST_TYPE } from "./source-nodes";

interface BlogPostNode extends Node {
  documentId: string;
  featureImageSource: ImageSource | null;
}

/**
 * Gives each article's cover image a File node (downloaded for a URL, read from disk for sample
 * content), child of the article, so gatsby-plugin-image can process it. An image that cannot be
 * had is reported and the article is shown without it; a refused cover (reported by normalize)
 * is never fetched.
 */
export const onCreateNode: GatsbyNode["onCreateNode"] = async ({ node, actions, createNodeId, getCache, reporter }) => {
  if (node.internal.type !== BLOG_POST_TYPE || node.internal.owner !== "gatsby-source-firestore") return;
  const post = node as BlogPostNode;
  const source = post.featureImageSource;
  if (!source) return;
  try {
    let fileNodeId: string;
    if (source.kind === "url") {
      const fileNode = await createRemoteFileNode({
        url: source.url,
        parentNodeId: post.id,
        createNode: actions.createNode,
        createNodeId,
        getCache,
      });
      fileNodeId = fileNode.id;
    } else {
      const extension = path.extname(source.path);
      const fileNode = await createFileNodeFromBuffer({
        buffer: await readFile(source.path),
        name: path.basename(source.path, extension),
        ext: extension,
        parentNodeId: post.id,
        createNode: actions.createNode,
        createNodeId,
        getCache,
      });
      fileNodeId = fileNode.id;
    }
    actions.createNodeField({ node, name: "featureImageId", value: fileNodeId });
  } catch (error) {
    reporter.warn(
      `[gatsby-source-firestore] blogMetaData/${post.documentId}: field "featureImage" could not be loaded ` +
        `(${source.kind === "url" ? source.url : source.path}: ${(error as Error).message}); the article is shown without a cover image.`,
    );
  }
};

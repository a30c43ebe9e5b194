import type { NodePluginArgs } from "gatsby";
import type { BlogPostNode } from "@kindred/article";
import { recordEntry } from "./build-report";

/**
 * Reports every block that every article of the site as built leaves out or cuts, from the
 * `leftOutBlocks` each node was given when its document was read (finishBody): one line in the build
 * log and one entry in the build's report for editors, naming the document. Called at the end of
 * every sourcing, for kept nodes too: each build's report must be whole, since the rebuild service
 * writes an article's status from this build's report alone, and an article the triggers name but
 * whose node did not change (a new end date, say) must still show them.
 */
export function reportLeftOutBlocks({
  getNodesByType,
  reporter,
}: Pick<NodePluginArgs, "getNodesByType" | "reporter">): void {
  for (const node of getNodesByType("BlogPost")) {
    const post = node as unknown as BlogPostNode;
    const document = `blogMetaData/${post.documentId}`;
    for (const { message, block } of post.leftOutBlocks) {
      reporter.warn(`${document}: field "content" ${message}.`);
      recordEntry({ kind: "block", id: post.documentId, document, ...block });
    }
  }
}

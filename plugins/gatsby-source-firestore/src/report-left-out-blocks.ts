import type { Reporter } from "gatsby";
import type { BlogPost } from "@kindred/article";
import { recordEntry } from "@kindred/publishing";

/**
 * Reports every block that the articles a build publishes leave out or cut, from the `leftOutBlocks`
 * each was given when its document was read (finishBody): one line in the build log and one entry
 * in the build's report for editors, naming the document. Sourcing calls it with every article it
 * keeps, those it did not read again included: each build's report must be whole, since the rebuild
 * service writes an article's status from this build's report alone, and an article the triggers
 * name but whose node did not change (a new end date, say) must still show them.
 */
export function reportLeftOutBlocks(posts: readonly BlogPost[], reporter: Pick<Reporter, "warn">): void {
  for (const post of posts) {
    const document = `blogMetaData/${post.documentId}`;
    for (const { message, block } of post.leftOutBlocks) {
      reporter.warn(`${document}: field "content" ${message}.`);
      recordEntry({ kind: "block", id: post.documentId, document, ...block });
    }
  }
}

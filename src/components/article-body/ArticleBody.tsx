import * as React from "react";
import { type SafeBlock, BlockList, BodyClassesProvider } from "@kindred/article";
import { followSiteLinks } from "./site-links";
import * as styles from "./article-body.module.css";

/**
 * An article's body on the site: blocks already checked and sanitized (packages/article/src/block-sanitizer.ts),
 * styled by article-body.module.css. Its links to this site's pages open without a reload. `slug`
 * names the article in the HTML, so a built page's browser code finds its body there
 * (BuiltArticleBody.browser.tsx).
 */
export function ArticleBody({ blocks, slug = "" }: { blocks: SafeBlock[]; slug?: string }): JSX.Element {
  const container = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => (container.current ? followSiteLinks(container.current) : undefined), []);
  return (
    <div ref={container} className={styles.body} data-article-body={slug}>
      <BodyClassesProvider value={styles}>
        <BlockList blocks={blocks} />
      </BodyClassesProvider>
    </div>
  );
}

import * as React from "react";
import type { BuiltArticleBodyProps } from "./BuiltArticleBody";
import { activateEmbeds } from "@kindred/article";
import { followSiteLinks } from "./site-links";
import * as styles from "./article-body.module.css";

// Stands in for BuiltArticleBody.tsx in the production browser bundle (src/node/browser-stand-ins.ts).
// The page's HTML already holds the body the build rendered: it is kept as it is, and only what the
// renderers did in the browser is done here (site links through the router, embeds on request). A
// body the browser must draw itself (the visitor came by a link from another page, so no server HTML
// is there) loads the renderers then, in a chunk of their own.

const ArticleBody = React.lazy(() => import("./ArticleBody").then(({ ArticleBody: Body }) => ({ default: Body })));

/** The server's HTML of this article's body, if the page came with it. */
function serverBody(slug: string): string | null {
  if (typeof document === "undefined") return null;
  const body = document.querySelector(`[data-article-body="${CSS.escape(slug)}"]`);
  return body ? body.innerHTML : null;
}

export function BuiltArticleBody({ blocks, slug }: BuiltArticleBodyProps): JSX.Element {
  // Read once, at the first render: while hydrating, the HTML is the server's; after that it is ours.
  const [html] = React.useState(() => serverBody(slug));
  const container = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const stopLinks = followSiteLinks(element);
    const stopEmbeds = activateEmbeds(element);
    return () => {
      stopLinks();
      stopEmbeds();
    };
  }, []);
  if (html === null) {
    return (
      <React.Suspense fallback={<div className={styles.body} />}>
        <ArticleBody blocks={blocks} slug={slug} />
      </React.Suspense>
    );
  }
  // The same HTML React finds in the page, so hydrating it changes nothing.
  return (
    <div ref={container} className={styles.body} data-article-body={slug} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

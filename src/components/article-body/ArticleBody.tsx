import * as React from "react";
import { headingTag, type SafeBlock } from "../../lib/article-blocks";
import { ParagraphBlock } from "./ParagraphBlock";
import { HeaderBlock } from "./HeaderBlock";
import { ListBlock } from "./ListBlock";
import { QuoteBlock } from "./QuoteBlock";
import { DelimiterBlock } from "./DelimiterBlock";
import { ImageBlock } from "./ImageBlock";
import { TableBlock } from "./TableBlock";
import { CodeBlock } from "./CodeBlock";
import { EmbedBlock } from "./EmbedBlock";
import { followSiteLinks } from "./site-links";
import * as styles from "./article-body.module.css";

function Block({ block, blocks }: { block: SafeBlock; blocks: SafeBlock[] }): JSX.Element {
  switch (block.type) {
    case "paragraph":
      return <ParagraphBlock block={block} />;
    case "header":
      return <HeaderBlock block={block} tag={headingTag(block.level, blocks)} />;
    case "list":
      return <ListBlock block={block} />;
    case "quote":
      return <QuoteBlock block={block} />;
    case "delimiter":
      return <DelimiterBlock />;
    case "image":
      return <ImageBlock block={block} />;
    case "table":
      return <TableBlock block={block} />;
    case "code":
      return <CodeBlock block={block} />;
    case "embed":
    case "link":
      return <EmbedBlock block={block} />;
  }
}

/**
 * An article's body: blocks already checked and sanitized at build time (src/lib/article-body.ts).
 * Its links to this site's pages open without a reload (./site-links.ts).
 */
export function ArticleBody({ blocks }: { blocks: SafeBlock[] }): JSX.Element {
  const container = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => (container.current ? followSiteLinks(container.current) : undefined), []);
  return (
    <div ref={container} className={styles.body} data-article-body>
      {blocks.map((block, index) => (
        <Block key={index} block={block} blocks={blocks} />
      ))}
    </div>
  );
}

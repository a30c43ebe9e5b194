import * as React from "react";
import { headingRank, rankTag, topHeadingLevel, type SafeBlock } from "../../lib/safe-block";
import { ParagraphBlock } from "./ParagraphBlock";
import { HeaderBlock } from "./HeaderBlock";
import { ListBlock } from "./ListBlock";
import { QuoteBlock } from "./QuoteBlock";
import { DelimiterBlock } from "./DelimiterBlock";
import { ImageBlock } from "./ImageBlock";
import { TableBlock } from "./TableBlock";
import { CodeBlock } from "./CodeBlock";
import { EmbedBlock } from "./EmbedBlock";

/** One block; `top` is the article's highest heading level, which places every heading. */
function Block({ block, top }: { block: SafeBlock; top: number }): JSX.Element {
  switch (block.type) {
    case "paragraph":
      return <ParagraphBlock block={block} />;
    case "header": {
      const rank = headingRank(block.level, top);
      return <HeaderBlock block={block} tag={rankTag(rank)} rank={rank} />;
    }
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
 * The one renderer of article bodies: built pages, the fallback route and the feed all render the
 * blocks through it, so a block looks and reads the same wherever it is shown. The blocks were
 * checked and sanitized by src/lib/block-sanitizer.ts.
 */
export function BlockList({ blocks }: { blocks: SafeBlock[] }): JSX.Element {
  const top = topHeadingLevel(blocks);
  return (
    <>
      {blocks.map((block, index) => (
        <Block key={index} block={block} top={top} />
      ))}
    </>
  );
}

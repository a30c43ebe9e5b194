import * as React from "react";
import { headingRank, rankTag, topHeadingLevel, type SafeBlock } from "../safe-block.ts";
import { ParagraphBlock } from "./ParagraphBlock.tsx";
import { HeaderBlock } from "./HeaderBlock.tsx";
import { ListBlock } from "./ListBlock.tsx";
import { QuoteBlock } from "./QuoteBlock.tsx";
import { DelimiterBlock } from "./DelimiterBlock.tsx";
import { ImageBlock } from "./ImageBlock.tsx";
import { TableBlock } from "./TableBlock.tsx";
import { CodeBlock } from "./CodeBlock.tsx";
import { EmbedBlock } from "./EmbedBlock.tsx";
import { WarningBlock } from "./WarningBlock.tsx";
import { FileBlock } from "./FileBlock.tsx";
import { LinkCardBlock } from "./LinkCardBlock.tsx";
import { RawBlock } from "./RawBlock.tsx";
import { PersonBlock } from "./PersonBlock.tsx";
import { TunedBlock } from "./TunedBlock.tsx";

/** One block's content; `top` is the article's highest heading level, which places every heading. */
function BlockContent({ block, top }: { block: SafeBlock; top: number }): JSX.Element {
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
    case "warning":
      return <WarningBlock block={block} />;
    case "file":
      return <FileBlock block={block} />;
    case "linkCard":
      return <LinkCardBlock block={block} />;
    case "raw":
      return <RawBlock block={block} />;
    case "person":
      return <PersonBlock block={block} />;
  }
}

/** One block, in the element its tunes ask for when it has any. */
function Block({ block, top }: { block: SafeBlock; top: number }): JSX.Element {
  const content = <BlockContent block={block} top={top} />;
  return block.tunes ? <TunedBlock tunes={block.tunes}>{content}</TunedBlock> : content;
}

/**
 * The one renderer of article bodies: built pages, the fallback route and the feed all render the
 * blocks through it, so a block looks and reads the same wherever it is shown. The blocks were
 * checked and sanitized by packages/article/src/block-sanitizer.ts.
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

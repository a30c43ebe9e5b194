import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

/** A quote with its caption and alignment. */
export function QuoteBlock({ block }: { block: Extract<SafeBlock, { type: "quote" }> }): JSX.Element {
  const classes = useBodyClasses();
  const className = [classes.quote, block.alignment === "center" ? classes.center : undefined]
    .filter(Boolean)
    .join(" ");
  return (
    <figure className={className || undefined} data-alignment={block.alignment}>
      <blockquote dangerouslySetInnerHTML={{ __html: block.html }} />
      {block.caption && <figcaption dangerouslySetInnerHTML={{ __html: block.caption }} />}
    </figure>
  );
}

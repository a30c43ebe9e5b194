import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

/** An image with its caption; stretched, bordered and background options each change its frame. */
export function ImageBlock({ block }: { block: Extract<SafeBlock, { type: "image" }> }): JSX.Element {
  const classes = useBodyClasses();
  const className = [
    classes.image,
    block.stretched ? classes.stretched : undefined,
    block.withBorder ? classes.bordered : undefined,
    block.withBackground ? classes.withBackground : undefined,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <figure
      className={className || undefined}
      data-stretched={block.stretched}
      data-border={block.withBorder}
      data-background={block.withBackground}
    >
      <img src={block.url} alt={block.alt} loading="lazy" decoding="async" width={1200} height={675} />
      {block.caption && <figcaption dangerouslySetInnerHTML={{ __html: block.caption }} />}
    </figure>
  );
}

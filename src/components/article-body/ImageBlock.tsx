import * as React from "react";
import type { SafeBlock } from "../../lib/article-blocks";
import * as styles from "./article-body.module.css";

/** An image with its caption; stretched, bordered and background options each change its frame. */
export function ImageBlock({ block }: { block: Extract<SafeBlock, { type: "image" }> }): JSX.Element {
  const classes = [
    styles.image,
    block.stretched ? styles.stretched : "",
    block.withBorder ? styles.bordered : "",
    block.withBackground ? styles.withBackground : "",
  ].join(" ");
  return (
    <figure className={classes} data-stretched={block.stretched} data-border={block.withBorder} data-background={block.withBackground}>
      <img src={block.url} alt={block.alt} loading="lazy" decoding="async" width={1200} height={675} />
      {block.caption && <figcaption dangerouslySetInnerHTML={{ __html: block.caption }} />}
    </figure>
  );
}

import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

/**
 * A file to download (@editorjs/attaches): its title, then its type and size, all inside the link
 * so that a screen reader announces what the download is before it starts.
 */
export function FileBlock({ block }: { block: Extract<SafeBlock, { type: "file" }> }): JSX.Element {
  const classes = useBodyClasses();
  const details = [block.extension.toUpperCase(), block.size].filter(Boolean).join(" · ");
  const external = !block.href.startsWith("/");
  return (
    <p className={classes.file} data-block="file">
      <a href={block.href} download rel={external ? "noopener noreferrer nofollow" : undefined}>
        <span className={classes.fileTitle}>{block.title}</span>
        {details && <span className={classes.fileDetails}> {details}</span>}
      </a>
    </p>
  );
}

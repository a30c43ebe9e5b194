import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

/**
 * A link card (@editorjs/link): the whole card links to the page. Title, description and host are
 * text a server fetched, written as text; the image is there only when the sanitizer allowed it,
 * and otherwise the card has no image slot at all.
 */
export function LinkCardBlock({ block }: { block: Extract<SafeBlock, { type: "linkCard" }> }): JSX.Element {
  const classes = useBodyClasses();
  const external = !block.href.startsWith("/");
  return (
    <p className={classes.linkCardWrap} data-block="linkCard">
      <a
        href={block.href}
        className={classes.linkCard}
        target={external ? "_blank" : undefined}
        rel={external ? "noopener noreferrer nofollow" : undefined}
      >
        {block.image && (
          <img className={classes.linkCardImage} src={block.image} alt="" loading="lazy" width={1200} height={630} />
        )}
        <span className={classes.linkCardText}>
          <span className={classes.linkCardTitle}>{block.title}</span>
          {block.description && <span className={classes.linkCardDescription}>{block.description}</span>}
          {block.host && <span className={classes.linkCardHost}>{block.host}</span>}
        </span>
      </a>
    </p>
  );
}

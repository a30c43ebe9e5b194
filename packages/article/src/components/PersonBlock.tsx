import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

/** What a person's link shows: its host (and path, when there is more than "/"), or the site path. */
function linkText(href: string): string {
  if (href.startsWith("/")) return href;
  const url = new URL(href);
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${url.host.replace(/^www\./, "")}${path}`;
}

/**
 * A person card (@editorjs/personality): photo (only where allowed), name, description as text, and
 * the person's link only when it is http(s). The photo is decorative: the name beside it says who.
 */
export function PersonBlock({ block }: { block: Extract<SafeBlock, { type: "person" }> }): JSX.Element {
  const classes = useBodyClasses();
  const external = block.link !== null && !block.link.startsWith("/");
  return (
    <div className={classes.person} data-block="person">
      {block.photo && (
        <img className={classes.personPhoto} src={block.photo} alt="" loading="lazy" width={96} height={96} />
      )}
      <div className={classes.personText}>
        <p className={classes.personName}>
          <strong>{block.name}</strong>
        </p>
        {block.description && <p>{block.description}</p>}
        {block.link && (
          <p>
            <a
              href={block.link}
              target={external ? "_blank" : undefined}
              rel={external ? "noopener noreferrer nofollow" : undefined}
            >
              {linkText(block.link)}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}

import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { FeedModeContext, useBodyClasses } from "./body-classes.ts";
import { EMBED_FRAME, EMBED_SRC_ATTRIBUTE, EMBED_TITLE_ATTRIBUTE } from "./embed-frame.ts";

type EmbedProps = { block: Extract<SafeBlock, { type: "embed" } | { type: "link" }> };

/** A service off the allowlist: a plain link to what the editor embedded, with its caption. */
function LinkBlock({ block }: { block: Extract<SafeBlock, { type: "link" }> }): JSX.Element {
  const classes = useBodyClasses();
  return (
    <figure className={classes.embedLink}>
      <a href={block.href} target="_blank" rel="noopener noreferrer nofollow">
        {block.href}
      </a>
      {block.caption && <figcaption dangerouslySetInnerHTML={{ __html: block.caption }} />}
    </figure>
  );
}

/**
 * An allowlisted embed, loaded only when the visitor asks for it: until then nothing is requested
 * from the other service. Anything not on the allowlist is a plain link; in the feed, every embed is.
 */
export function EmbedBlock({ block }: EmbedProps): JSX.Element {
  const classes = useBodyClasses();
  const forFeed = React.useContext(FeedModeContext);
  const [active, setActive] = React.useState(false);
  if (block.type === "link") return <LinkBlock block={block} />;
  const openLink = (
    <a href={block.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
      Open on {block.service}
    </a>
  );
  const caption = block.caption && <span dangerouslySetInnerHTML={{ __html: block.caption }} />;
  if (forFeed) {
    return (
      <figure>
        {openLink}
        {caption && <figcaption>{caption}</figcaption>}
      </figure>
    );
  }
  const title = `${block.service} embed`;
  return (
    <figure className={classes.embed}>
      <div className={classes.embedFrame} style={{ aspectRatio: String(block.aspectRatio) }}>
        {active ? (
          <iframe src={block.embedUrl} title={title} {...EMBED_FRAME} />
        ) : (
          <button
            type="button"
            className={classes.embedPlay}
            onClick={() => setActive(true)}
            {...{ [EMBED_SRC_ATTRIBUTE]: block.embedUrl, [EMBED_TITLE_ATTRIBUTE]: title }}
          >
            Load the {block.service} content
            <span className={classes.embedNote}>It comes from {new URL(block.embedUrl).hostname}</span>
          </button>
        )}
      </div>
      <figcaption>
        {caption} {openLink}
      </figcaption>
    </figure>
  );
}

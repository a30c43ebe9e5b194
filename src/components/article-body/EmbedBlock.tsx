import * as React from "react";
import type { SafeBlock } from "../../lib/article-blocks";
import * as styles from "./article-body.module.css";

type EmbedProps = { block: Extract<SafeBlock, { type: "embed" } | { type: "link" }> };

/**
 * An allowlisted embed, loaded only when the visitor asks for it: until then nothing is requested
 * from the other service. Anything not on the allowlist is a plain link.
 */
export function EmbedBlock({ block }: EmbedProps): JSX.Element {
  const [active, setActive] = React.useState(false);
  if (block.type === "link") {
    return (
      <p className={styles.embedLink}>
        <a href={block.href} target="_blank" rel="noopener noreferrer nofollow">
          {block.href}
        </a>
      </p>
    );
  }
  const title = `${block.service} embed`;
  return (
    <figure className={styles.embed}>
      <div className={styles.embedFrame} style={{ aspectRatio: String(block.aspectRatio) }}>
        {active ? (
          <iframe
            src={block.embedUrl}
            title={title}
            loading="lazy"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button type="button" className={styles.embedPlay} onClick={() => setActive(true)}>
            Load the {block.service} content
            <span className={styles.embedNote}>It comes from {new URL(block.embedUrl).hostname}</span>
          </button>
        )}
      </div>
      <figcaption>
        {block.caption && <span dangerouslySetInnerHTML={{ __html: block.caption }} />}{" "}
        <a href={block.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
          Open on {block.service}
        </a>
      </figcaption>
    </figure>
  );
}

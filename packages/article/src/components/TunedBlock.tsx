import * as React from "react";
import type { BlockTunes } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

/** The element each text variant is drawn in, and its class. */
const VARIANT = {
  // A citation quotes another source: a quotation, as the quote block is.
  citation: { Tag: "blockquote", className: "citation" },
  // Information the author wants to stand out; HTML has no element for that, so the look says it.
  "call-out": { Tag: "div", className: "callOut" },
  // Less important information, beside the main text. It stays visible: <details> would hide it
  // behind a click the editor never asked for.
  details: { Tag: "aside", className: "details" },
} as const;

const ALIGNMENT_CLASS = { center: "alignCenter", right: "alignRight" } as const;

/**
 * A block wrapped as its tunes ask (@editorjs/text-variant-tune, editorjs-text-alignment-blocktune):
 * in the element of its text variant, aligned as the editor set it. `data-variant` and
 * `data-text-align` say which, for the feed (no classes) and for tests.
 */
export function TunedBlock({ tunes, children }: { tunes: BlockTunes; children: React.ReactNode }): JSX.Element {
  const classes = useBodyClasses();
  const variant = tunes.variant ? VARIANT[tunes.variant] : null;
  const Tag = variant?.Tag ?? "div";
  const className = [
    variant ? classes[variant.className] : undefined,
    tunes.alignment ? classes[ALIGNMENT_CLASS[tunes.alignment]] : undefined,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <Tag className={className || undefined} data-variant={tunes.variant} data-text-align={tunes.alignment}>
      {children}
    </Tag>
  );
}

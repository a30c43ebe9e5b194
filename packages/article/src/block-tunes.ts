import type { Alignment, BlockTunes, TextVariant } from "./safe-block.ts";
import { knownTune, type EditorToolNames } from "./editor-tools.ts";

// The block tunes editors use to style a block: @editorjs/text-variant-tune saves the variant's
// name as a string ("" for none), editorjs-text-alignment-blocktune saves `{alignment}`. Each is
// read from whichever name the site gave the tune (packages/article/src/editor-tools.ts).

const VARIANTS: readonly TextVariant[] = ["call-out", "citation", "details"];
const ALIGNMENTS: readonly Alignment[] = ["left", "center", "right"];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The tunes of a saved block that change how it is shown; undefined when none does. */
export function safeTunes(tunes: unknown, names: EditorToolNames): BlockTunes | undefined {
  if (!isRecord(tunes)) return undefined;
  const safe: BlockTunes = {};
  for (const [name, value] of Object.entries(tunes)) {
    const tune = knownTune(name, names);
    if (tune === "textVariant") {
      const variant = VARIANTS.find((entry) => entry === value);
      if (variant) safe.variant = variant;
    } else if (tune === "alignment" && isRecord(value)) {
      const alignment = ALIGNMENTS.find((entry) => entry === value.alignment);
      // Left is how every block starts: only a change from it is kept.
      if (alignment && alignment !== "left") safe.alignment = alignment;
    }
  }
  return safe.variant || safe.alignment ? safe : undefined;
}

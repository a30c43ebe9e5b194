// Editor.js output as the build and the preview both read it: shared with the browser, so it
// lives with the other rules where the data starts.

/** One Editor.js block as saved: its tool's name and that tool's data. */
export interface EditorBlock {
  id?: string;
  type: string;
  data: Record<string, unknown>;
  /** Block tunes (text variant, alignment), checked where the body is sanitized. */
  tunes?: Record<string, unknown>;
}

/** Editor.js output: `{ time, blocks, version }`. */
export interface EditorContent {
  time?: number;
  version?: string;
  blocks: EditorBlock[];
}

/** A block that is not Editor.js data, named by the document and the block's place. */
export interface ContentProblem {
  id: string;
  field: string;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Editor.js output, with malformed blocks left out (each reported). Null when it is not Editor.js data. */
export function normalizeContent(
  id: string,
  value: unknown,
  contentImageUrl: (reference: string) => string = (reference) => reference,
): { content: EditorContent; problems: ContentProblem[] } | null {
  if (!isRecord(value) || !Array.isArray(value.blocks)) return null;
  const problems: ContentProblem[] = [];
  const blocks: EditorBlock[] = [];
  value.blocks.forEach((block: unknown, index) => {
    if (!isRecord(block) || typeof block.type !== "string" || block.type === "" || !isRecord(block.data)) {
      problems.push({
        id,
        field: `content.blocks[${index}]`,
        message: "is not an Editor.js block ({type, data}); left out",
      });
      return;
    }
    let data = block.data;
    if (block.type === "image" && isRecord(data.file) && typeof data.file.url === "string") {
      data = { ...data, file: { ...data.file, url: contentImageUrl(data.file.url) } };
    }
    blocks.push({
      ...(typeof block.id === "string" ? { id: block.id } : {}),
      type: block.type,
      data,
      // Block tunes (text variant, alignment) are checked where the body is sanitized.
      ...(isRecord(block.tunes) ? { tunes: block.tunes } : {}),
    });
  });
  return {
    content: {
      ...(typeof value.time === "number" ? { time: value.time } : {}),
      ...(typeof value.version === "string" ? { version: value.version } : {}),
      blocks,
    },
    problems,
  };
}

/**
 * Where each block normalizeContent kept sits in the stored `content.blocks`, from the problems it
 * reported: with a malformed block left out, the blocks after it move up one, and a report that
 * named their new index would point an editor at the wrong block.
 */
export function storedBlockIndex(problems: readonly { field: string }[]): (index: number) => number {
  const dropped = problems
    .flatMap(({ field }) => {
      const place = /^content\.blocks\[(\d+)\]$/.exec(field)?.[1];
      return place === undefined ? [] : [Number(place)];
    })
    .sort((a, b) => a - b);
  return (index) => {
    let stored = index;
    for (const place of dropped) {
      if (place > stored) break;
      stored += 1;
    }
    return stored;
  };
}

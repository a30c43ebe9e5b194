// Editor.js output as the build and the preview both read it: shared with the browser, so it
// lives with the other rules where the data starts.

/** One Editor.js block as saved: its tool's name and that tool's data. */
export interface EditorBlock {
  id?: string;
  type: string;
  data: Record<string, unknown>;
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
    blocks.push({ ...(typeof block.id === "string" ? { id: block.id } : {}), type: block.type, data });
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

// An Editor.js block as Firestore can hold it. Jest and Playwright load this module as CommonJS: it
// must not use import.meta.

/** An Editor.js block: its type and its data, whatever the tool saved. */
interface EditorBlock {
  type: string;
  data?: { content?: unknown; [key: string]: unknown };
}

/**
 * The block as it is stored in Firestore, which holds no array inside an array: a table's rows
 * become `{cells: [...]}` (the sanitizer reads both forms). Every other block is stored as it is.
 */
export function firestoreBlock<Block extends EditorBlock>(block: Block): Block {
  const content = block.data?.content;
  if (block.type !== "table" || !Array.isArray(content)) return block;
  return { ...block, data: { ...block.data, content: content.map((row: unknown) => ({ cells: row })) } };
}

// Imported only through highlighter.ts's import(): what Vite puts in the highlighter's own chunk.
export { highlightCodeBlocks } from "@kindred/article";

import hljs from "highlight.js";
import type { SafeBlock } from "./safe-block.ts";
import { escapeHtml } from "./escape-html.ts";

// Code blocks are highlighted here, at build time, so pages ship no highlighting JavaScript: the
// page renders the spans this module stores with the block, and CSS colours them
// (src/components/article-body/article-body.module.css).

/**
 * The languages an editor may name, by the names and aliases Editor.js code tools write
 * (`data.language`, or `data.lang`). Without a known language a block stays plain text: guessing
 * is unreliable (the sample articles' message templates would pass for SQL).
 */
const LANGUAGES: Record<string, string> = {
  bash: "bash",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  c: "c",
  cpp: "cpp",
  "c++": "cpp",
  csharp: "csharp",
  "c#": "csharp",
  cs: "csharp",
  css: "css",
  scss: "scss",
  go: "go",
  html: "xml",
  xml: "xml",
  svg: "xml",
  java: "java",
  javascript: "javascript",
  js: "javascript",
  jsx: "javascript",
  json: "json",
  kotlin: "kotlin",
  kt: "kotlin",
  markdown: "markdown",
  md: "markdown",
  php: "php",
  python: "python",
  py: "python",
  ruby: "ruby",
  rb: "ruby",
  rust: "rust",
  rs: "rust",
  sql: "sql",
  swift: "swift",
  typescript: "typescript",
  ts: "typescript",
  tsx: "typescript",
  yaml: "yaml",
  yml: "yaml",
};

/** The highlighter's language for a name an editor wrote, or null. */
export function languageFor(name: unknown): string | null {
  if (typeof name !== "string") return null;
  const key = name.trim().toLowerCase();
  return Object.hasOwn(LANGUAGES, key) ? (LANGUAGES[key] ?? null) : null;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
};

/**
 * Rebuilds the highlighter's HTML from its pieces, keeping only `<span class="hljs-…">` (with its
 * hljs-* classes alone) and the text, escaped anew. A span left with no such class is unwrapped,
 * any other tag is dropped, and `text` collects the code the result shows.
 */
function onlyHljsSpans(html: string): { html: string; text: string } {
  let out = "";
  let text = "";
  const open: boolean[] = [];
  for (const [piece, classes] of html.matchAll(/<span class="([^"<>]*)">|<\/span>|<[^>]*>|[^<]+|</g)) {
    if (classes !== undefined) {
      const kept = classes.split(/\s+/).filter((name) => /^hljs-[\w-]+$/.test(name));
      open.push(kept.length > 0);
      if (kept.length > 0) out += `<span class="${kept.join(" ")}">`;
    } else if (piece === "</span>") {
      if (open.pop()) out += "</span>";
    } else if (piece.startsWith("<") && piece.length > 1) {
      continue;
    } else {
      const decoded = piece.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
      text += decoded;
      out += escapeHtml(decoded);
    }
  }
  while (open.length > 0) if (open.pop()) out += "</span>";
  return { html: out, text };
}

/**
 * The code as HTML with `<span class="hljs-…">` around its tokens, or null when it cannot be
 * highlighted (no known language, or a result that is not exactly the code). The code is untrusted
 * text: the highlighter escapes it, and its output is rebuilt with those spans only.
 */
export function highlightCode(code: string, language: unknown): string | null {
  const grammar = languageFor(language);
  if (!grammar || code === "") return null;
  let html: string;
  try {
    html = hljs.highlight(code, { language: grammar, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
  const safe = onlyHljsSpans(html);
  return safe.text === code ? safe.html : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The article's blocks with each code block highlighted in the language the editor named for it
 * (read from the raw Editor.js blocks: the k-th code block of the body is the k-th raw block of
 * type "code", as sanitizing never leaves one out). Other blocks are returned as they are.
 */
export function highlightCodeBlocks(blocks: SafeBlock[], rawBlocks: unknown): SafeBlock[] {
  const rawCode = (Array.isArray(rawBlocks) ? rawBlocks : []).filter(
    (raw): raw is Record<string, unknown> => isRecord(raw) && raw.type === "code",
  );
  let index = 0;
  return blocks.map((block) => {
    if (block.type !== "code") return block;
    const raw = rawCode[index];
    index += 1;
    const data = raw && isRecord(raw.data) ? raw.data : {};
    if (data.code !== block.code) return block;
    const highlighted = highlightCode(block.code, data.language ?? data.lang);
    return highlighted === null ? block : { ...block, highlighted };
  });
}

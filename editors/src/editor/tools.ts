import {
  AlignmentTune,
  AttachesTool,
  Checklist,
  CodeTool,
  Delimiter,
  Embed,
  Header,
  ImageTool,
  InlineCode,
  LinkTool,
  List,
  Marker,
  NestedList,
  Personality,
  Quote,
  RawTool,
  SimpleImage,
  Table,
  TextVariantTune,
  Underline,
  Warning,
  type EditorConfig,
  type ToolClass,
  type ToolSettings,
} from "./editorjs.mjs";
import type { KnownTool, KnownTune } from "@kindred/article";

// The tools and tunes of the console's Editor.js: exactly those the site renders, under the names the
// site knows them by (KNOWN_TOOLS and KNOWN_TUNES of @kindred/article, the names of
// __tests__/support/editor-harness.ts), so what an editor writes here is what the site draws. The
// paragraph is Editor.js's own; the inline marks are those the sanitizer keeps (code, mark, u).

/** A webpack bundle may hand its class over as the module's default export, once more wrapped. */
const classOf = (module: unknown): ToolClass => {
  const inner = (module as { default?: unknown }).default;
  return (typeof inner === "function" ? inner : module) as ToolClass;
};

/** Uploads are not offered by the console: an image is given by its URL, a file not at all. */
const noUpload = (): Promise<never> =>
  Promise.reject(new Error("The console does not upload files: paste the image's address instead."));

/** The embeds Editor.js offers that the site plays (packages/article/src/block-sanitizer.ts embedFor). */
const EMBED_SERVICES = { youtube: true, vimeo: true, coub: true, pinterest: true, instagram: true, twitter: true };

/** Every block tool the site renders but the paragraph (Editor.js's own), by the site's name for it. */
export const BLOCK_TOOLS = {
  header: { class: classOf(Header), inlineToolbar: true, config: { levels: [1, 2, 3, 4, 5, 6], defaultLevel: 2 } },
  list: { class: classOf(List), inlineToolbar: true },
  nestedList: { class: classOf(NestedList), inlineToolbar: true },
  checklist: { class: classOf(Checklist), inlineToolbar: true },
  quote: { class: classOf(Quote), inlineToolbar: true },
  delimiter: { class: classOf(Delimiter) },
  image: {
    class: classOf(ImageTool),
    config: {
      uploader: {
        uploadByUrl: (url: string) => Promise.resolve({ success: 1, file: { url } }),
        uploadByFile: noUpload,
      },
    },
  },
  simpleImage: { class: classOf(SimpleImage) },
  table: { class: classOf(Table), inlineToolbar: true },
  code: { class: classOf(CodeTool) },
  embed: { class: classOf(Embed), inlineToolbar: true, config: { services: EMBED_SERVICES } },
  warning: { class: classOf(Warning), inlineToolbar: true },
  attaches: { class: classOf(AttachesTool), config: { uploader: { uploadByFile: noUpload } } },
  linkTool: { class: classOf(LinkTool) },
  raw: { class: classOf(RawTool) },
  personality: { class: classOf(Personality) },
} satisfies Record<Exclude<KnownTool, "paragraph">, ToolSettings>;

/** The inline marks the site keeps (inline-sanitizer.ts: code, mark, u); bold, italic and link are Editor.js's. */
export const INLINE_TOOLS = {
  inlineCode: { class: classOf(InlineCode) },
  marker: { class: classOf(Marker) },
  underline: { class: classOf(Underline) },
} satisfies Record<string, ToolSettings>;

/** The block tunes the site applies, on every block. */
export const BLOCK_TUNES = {
  textVariant: { class: classOf(TextVariantTune) },
  alignment: { class: classOf(AlignmentTune) },
} satisfies Record<KnownTune, ToolSettings>;

/** What `new EditorJS` takes for the console's tools and tunes. */
export function editorTools(): Pick<EditorConfig, "tools" | "tunes"> {
  return {
    tools: { ...BLOCK_TOOLS, ...INLINE_TOOLS, ...BLOCK_TUNES },
    tunes: Object.keys(BLOCK_TUNES),
  };
}

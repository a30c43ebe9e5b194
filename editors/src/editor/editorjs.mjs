// Editor.js 2.31 and every tool and tune the site renders, as the console's bundle takes them. Plain
// JavaScript with its types beside it (editorjs.d.mts): the packages' own declarations include
// TypeScript enums, which this repository's compiler settings (erasableSyntaxOnly) refuse, so the
// TypeScript program sees only the few types the console uses.
// First: no tool below may make code from a string (global-this-shim.mjs says why).
import "./global-this-shim.mjs";
export { default as EditorJS } from "@editorjs/editorjs";
export { default as AttachesTool } from "@editorjs/attaches";
export { default as Checklist } from "@editorjs/checklist";
export { default as CodeTool } from "@editorjs/code";
export { default as Delimiter } from "@editorjs/delimiter";
export { default as Header } from "@editorjs/header";
export { default as ImageTool } from "@editorjs/image";
export { default as InlineCode } from "@editorjs/inline-code";
export { default as LinkTool } from "@editorjs/link";
export { default as List } from "@editorjs/list";
export { default as Marker } from "@editorjs/marker";
export { default as NestedList } from "@editorjs/nested-list";
export { default as Personality } from "@editorjs/personality";
export { default as Quote } from "@editorjs/quote";
export { default as RawTool } from "@editorjs/raw";
export { default as SimpleImage } from "@editorjs/simple-image";
export { default as Table } from "@editorjs/table";
export { default as TextVariantTune } from "@editorjs/text-variant-tune";
export { default as Underline } from "@editorjs/underline";
export { default as Warning } from "@editorjs/warning";
export { default as AlignmentTune } from "editorjs-text-alignment-blocktune";

import EmbedTool from "@editorjs/embed";

/**
 * Editor.js's embed tool shows each embed as the service's own player, a frame of youtube.com and the
 * like: the console would load third parties as an editor types (and its Content-Security-Policy frames
 * none of them). Here each embed is drawn as an element naming its address instead; the preview beside
 * the editor draws it as the site does, a player only on request. What the tool saves is unchanged.
 */
export class Embed extends EmbedTool {
  static prepare(options) {
    super.prepare(options);
    for (const service of Object.values(EmbedTool.services ?? {})) service.html = '<div role="note"></div>';
  }
}

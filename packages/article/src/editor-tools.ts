// Editor.js saves a block under the name the editor's configuration gave its tool, and a tune under
// the name given to the tune: the same tool may arrive as "linkTool" from one site and "link" from
// another. The site knows each tool and tune by one name; this module says which one a saved name
// means. No Node modules: it runs at build time and in the browser alike.

/** The block tools the site renders, each under the name its own README gives it. */
export const KNOWN_TOOLS = [
  "paragraph",
  "header",
  "list",
  "nestedList",
  "checklist",
  "quote",
  "delimiter",
  "image",
  "simpleImage",
  "table",
  "code",
  "embed",
  "warning",
  "attaches",
  "linkTool",
  "raw",
  "personality",
] as const;

/** The block tunes the site applies: @editorjs/text-variant-tune and editorjs-text-alignment-blocktune. */
export const KNOWN_TUNES = ["textVariant", "alignment"] as const;

export type KnownTool = (typeof KNOWN_TOOLS)[number];
export type KnownTune = (typeof KNOWN_TUNES)[number];

/** Saved names mapped to the tool or tune the site knows them as. */
export type EditorToolNames = Readonly<Record<string, string>>;

/**
 * Names the tools' READMEs and examples use besides the ones above. The alignment tune's README
 * leaves the name to the site ("anyTuneName", which a site copying it keeps) and its examples call
 * it "alignmentBlockTune"; "alignmentTune" is the name most sites give it.
 */
const README_NAMES: EditorToolNames = {
  anyTuneName: "alignment",
  alignmentTune: "alignment",
  alignmentBlockTune: "alignment",
};

// Written into the browser bundle by the source plugin (browser-policy.ts), and set in every build
// process by its onPluginInit, from the plugin option `editorToolNames` in gatsby-config.ts.
declare const __EDITOR_TOOL_NAMES__: EditorToolNames | undefined;

/** The names this site's configuration maps to known tools and tunes; none outside a site build. */
export function configuredToolNames(): EditorToolNames {
  return typeof __EDITOR_TOOL_NAMES__ === "undefined" ? {} : __EDITOR_TOOL_NAMES__;
}

const own = (names: EditorToolNames, name: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(names, name) ? names[name] : undefined;

function known<Name extends string>(list: readonly Name[], name: string | undefined): Name | null {
  return list.find((entry) => entry === name) ?? null;
}

/** The tool a saved block type means: the site's mapping first, then the tools' own names. */
export function knownTool(type: string, names: EditorToolNames = configuredToolNames()): KnownTool | null {
  return known(KNOWN_TOOLS, own(names, type)) ?? known(KNOWN_TOOLS, type);
}

/** The tune a saved tune name means: the site's mapping first, then the tunes' own names. */
export function knownTune(name: string, names: EditorToolNames = configuredToolNames()): KnownTune | null {
  return (
    known(KNOWN_TUNES, own(names, name)) ?? known(KNOWN_TUNES, own(README_NAMES, name)) ?? known(KNOWN_TUNES, name)
  );
}

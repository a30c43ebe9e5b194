import { parse, type DefaultTreeAdapterMap } from "parse5";

// One read of a built page for the steps after the build (boot-script.ts, csp-meta.ts). The page is parsed
// with parse5, which follows the tokenizer rules browsers follow, so a script ends exactly where a
// browser ends it; the steps never re-serialize the tree but splice their changes into the original
// text at the parser's source offsets, so the rest of the file stays byte for byte as Gatsby wrote
// it. A parse is most of what these steps cost (docs/measurements.md), so a page is parsed
// once and both steps read the same scan.

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** The data-identity Gatsby gives the <style> element into which it inlines the global stylesheet. */
export const GLOBAL_STYLE_IDENTITY = "gatsby-global-css";

/** A range of the original HTML to replace with `text` (an insertion when start === end). */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** One <script> element of a page. */
export interface ScriptTag {
  src: string | undefined;
  async: boolean;
  type: string | undefined;
  id: string | undefined;
  /** Its child text, as the browser hashes it (after the parser's newline normalization). */
  text: string;
  /** Where the whole element is in the source; undefined when the parser could not say. */
  location: { start: number; end: number } | undefined;
  /** Inside a <template>: not part of the page until a script clones it. */
  inTemplate: boolean;
}

/** What the steps after the build need to know of one page. */
export interface PageScan {
  scripts: ScriptTag[];
  /** Source ranges of the Content-Security-Policy meta tags already in the page. */
  policyMetas: { start: number; end: number }[];
  /** Where the content of <head> starts in the source; undefined when the page has no <head> tag. */
  headContentStart: number | undefined;
  /** Every class on an element of the page (a <noscript>'s content is text to a parser with scripting on). */
  classes: Set<string>;
  /** The <style> into which Gatsby inlined the global stylesheet (critical-css.ts), if any. */
  globalStyle: { href: string; contentStart: number; contentEnd: number; end: number } | undefined;
}

const isElement = (node: Node): node is Element => "tagName" in node;
const attribute = (element: Element, name: string): string | undefined =>
  element.attrs.find((attr) => attr.name === name)?.value;

function* elements(node: Node, inTemplate = false): Generator<[Element, boolean]> {
  if (isElement(node)) yield [node, inTemplate];
  const children = "childNodes" in node ? node.childNodes : [];
  for (const child of children) yield* elements(child, inTemplate);
  // A <template>'s children live in its content fragment; a script cloned out of it runs.
  if (isElement(node) && node.tagName === "template" && "content" in node) yield* elements(node.content as Node, true);
}

const childText = (element: Element): string =>
  element.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "")).join("");

/**
 * Parses the page once and returns its scripts, its policy meta tags, where its <head> content starts,
 * its classes and its inlined global stylesheet.
 */
export function scanPage(html: string): PageScan {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const found: PageScan = {
    scripts: [],
    policyMetas: [],
    headContentStart: undefined,
    classes: new Set(),
    globalStyle: undefined,
  };
  for (const [element, inTemplate] of elements(document)) {
    const location = element.sourceCodeLocation;
    const classList = attribute(element, "class");
    if (classList) for (const name of classList.split(/[\t\n\f\r ]+/)) if (name) found.classes.add(name);
    if (element.tagName === "script") {
      found.scripts.push({
        src: attribute(element, "src"),
        async: attribute(element, "async") !== undefined,
        type: attribute(element, "type"),
        id: attribute(element, "id"),
        text: childText(element),
        location: location ? { start: location.startOffset, end: location.endOffset } : undefined,
        inTemplate,
      });
    } else if (
      element.tagName === "meta" &&
      attribute(element, "http-equiv")?.trim().toLowerCase() === "content-security-policy" &&
      location
    ) {
      found.policyMetas.push({ start: location.startOffset, end: location.endOffset });
    } else if (
      element.tagName === "style" &&
      attribute(element, "data-identity") === GLOBAL_STYLE_IDENTITY &&
      found.globalStyle === undefined &&
      location?.startTag &&
      location.endTag
    ) {
      const href = attribute(element, "data-href");
      if (href)
        found.globalStyle = {
          href,
          contentStart: location.startTag.endOffset,
          contentEnd: location.endTag.startOffset,
          end: location.endOffset,
        };
    } else if (element.tagName === "head" && found.headContentStart === undefined && location?.startTag) {
      found.headContentStart = location.startTag.endOffset;
    }
  }
  return found;
}

/** Applies non-overlapping edits to the original string; at one offset, insertions go first. */
export function splice(html: string, edits: Edit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  let result = "";
  let cursor = 0;
  for (const edit of ordered) {
    result += html.slice(cursor, edit.start) + edit.text;
    cursor = Math.max(cursor, edit.end);
  }
  return result + html.slice(cursor);
}

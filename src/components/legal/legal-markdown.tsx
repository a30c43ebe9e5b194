import * as React from "react";
import { Link } from "gatsby";
import type { LegalSection } from "./LegalPage";
import { SupportEmailLink } from "./SupportEmailLink";

// The narrow Markdown renderer of the policy texts: it checks each node of the HTML syntax tree
// that gatsby-transformer-remark gives (htmlAst) and renders the few kinds it allows, failing with
// a message naming the file on anything else (the rules are in legal-document.tsx). A general
// HAST-to-React library would render everything and check nothing, which is the opposite job.

/** A policy document that breaks the rules of legal-document.tsx; the message names the file and what is wrong. */
export class LegalDocumentError extends Error {
  override name = "LegalDocumentError";
}

/** The placeholders the text may use, and what each one becomes. */
const PLACEHOLDERS: ReadonlyMap<string, () => React.ReactElement> = new Map([
  ["supportEmail", () => <SupportEmailLink />],
]);

/** Anchors are lower-case words joined by hyphens: they end up in addresses such as /terms#eligibility. */
const SECTION_HEADING = /^(\S.*?)\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}$/;

interface HastText {
  type: "text";
  value: string;
}

interface HastElement {
  type: "element";
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}

type HastNode = HastText | HastElement;

type Fail = (problem: string) => never;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Checks the shape of one node of the HTML syntax tree; anything but text and elements is refused. */
function hastNode(value: unknown, fail: Fail): HastNode {
  if (!isRecord(value)) return fail("the document's syntax tree is malformed");
  if (value.type === "text" && typeof value.value === "string") return { type: "text", value: value.value };
  if (value.type === "element" && typeof value.tagName === "string") {
    const children = Array.isArray(value.children) ? value.children.map((child) => hastNode(child, fail)) : [];
    return {
      type: "element",
      tagName: value.tagName,
      properties: isRecord(value.properties) ? value.properties : {},
      children,
    };
  }
  if (value.type === "comment") return fail("HTML comments are not allowed; keep notes in the YAML front matter");
  return fail(`unexpected ${String(value.type)} content`);
}

const isBlank = (node: HastNode): boolean => node.type === "text" && node.value.trim() === "";

/** The element's attributes must be exactly the ones listed (Markdown gives links an href and nothing else). */
function expectAttributes(element: HastElement, allowed: readonly string[], fail: Fail): void {
  const extra = Object.keys(element.properties).filter((key) => !allowed.includes(key));
  if (extra.length > 0) fail(`<${element.tagName}> may not have the attribute(s) ${extra.join(", ")}`);
}

/** Text with its placeholders replaced; Markdown's line breaks inside a paragraph read as spaces. */
function renderText(value: string, inLink: boolean, fail: Fail): React.ReactNode[] {
  const parts: React.ReactNode[] = [];
  const pattern = /\{\{\s*([^{}]*?)\s*\}\}/g;
  let last = 0;
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    const name = match[1] ?? "";
    const placeholder = PLACEHOLDERS.get(name);
    if (!placeholder) return fail(`unknown placeholder {{${name}}} (known: ${[...PLACEHOLDERS.keys()].join(", ")})`);
    if (inLink) fail(`{{${name}}} is a link itself and cannot sit inside another link`);
    parts.push(value.slice(last, match.index), placeholder());
    last = match.index + match[0].length;
  }
  parts.push(value.slice(last));
  return parts
    .map((part) => {
      if (typeof part !== "string") return part;
      if (part.includes("{{") || part.includes("}}")) fail(`unbalanced placeholder braces in "${part.trim()}"`);
      return part.replace(/\s*\n\s*/g, " ");
    })
    .filter((part) => part !== "");
}

/** A link: site paths become Gatsby links, https addresses plain links; nothing else is accepted. */
function renderLink(element: HastElement, key: number, fail: Fail): React.ReactNode {
  expectAttributes(element, ["href"], fail);
  const href = element.properties.href;
  const label = renderInline(element.children, true, fail);
  if (typeof href === "string" && /^\/(?!\/)/.test(href)) {
    return (
      <Link key={key} to={href}>
        {label}
      </Link>
    );
  }
  if (typeof href === "string" && /^https:\/\/[^\s"'<>]+$/.test(href)) {
    return (
      <a key={key} href={href}>
        {label}
      </a>
    );
  }
  if (typeof href === "string" && href.startsWith("mailto:"))
    return fail(`write {{supportEmail}} rather than the link ${href}`);
  return fail(`links must go to a site path (/privacy) or an https address, not "${String(href)}"`);
}

function renderInline(nodes: readonly HastNode[], inLink: boolean, fail: Fail): React.ReactNode[] {
  return nodes.flatMap((node, index): React.ReactNode[] => {
    if (node.type === "text") {
      return renderText(node.value, inLink, fail).map((part, partIndex) =>
        React.isValidElement(part) ? React.cloneElement(part, { key: `${index}.${partIndex}` }) : part,
      );
    }
    switch (node.tagName) {
      case "strong":
      case "em": {
        expectAttributes(node, [], fail);
        const Tag = node.tagName === "strong" ? "strong" : "em";
        return [<Tag key={index}>{renderInline(node.children, inLink, fail)}</Tag>];
      }
      case "a":
        if (inLink) return fail("a link cannot contain another link");
        return [renderLink(node, index, fail)];
      default:
        return fail(`<${node.tagName}> is not allowed in running text (only bold, italics and links)`);
    }
  });
}

function renderListItem(node: HastNode, index: number, fail: Fail): React.ReactNode {
  if (node.type !== "element" || node.tagName !== "li") return fail("a list may contain only list items");
  expectAttributes(node, [], fail);
  // A tight list item holds running text; a loose one (blank lines between items) holds paragraphs.
  const hasBlocks = node.children.some((child) => child.type === "element" && BLOCK_TAGS.has(child.tagName));
  return (
    <li key={index}>{hasBlocks ? renderBlocks(node.children, fail) : renderInline(node.children, false, fail)}</li>
  );
}

const BLOCK_TAGS = new Set(["p", "ul", "ol", "h3"]);

function renderBlock(node: HastNode, index: number, fail: Fail): React.ReactNode {
  if (node.type === "text") return fail(`text outside a paragraph: "${node.value.trim()}"`);
  switch (node.tagName) {
    case "p":
      expectAttributes(node, [], fail);
      return <p key={index}>{renderInline(node.children, false, fail)}</p>;
    case "h3":
      expectAttributes(node, [], fail);
      return <h3 key={index}>{renderInline(node.children, false, fail)}</h3>;
    case "ul":
    case "ol": {
      expectAttributes(node, [], fail);
      const List = node.tagName === "ul" ? "ul" : "ol";
      return (
        <List key={index}>
          {node.children.filter((child) => !isBlank(child)).map((child, i) => renderListItem(child, i, fail))}
        </List>
      );
    }
    case "h1":
      return fail("the title comes from the front matter; start sections with ## rather than #");
    case "h2":
      return fail("a section heading cannot sit inside a list");
    case "h4":
    case "h5":
    case "h6":
      return fail("headings go no deeper than ### inside a section");
    default:
      return fail(`<${node.tagName}> is not allowed (only paragraphs, lists, ### headings, bold, italics and links)`);
  }
}

function renderBlocks(nodes: readonly HastNode[], fail: Fail): React.ReactNode[] {
  return nodes.filter((node) => !isBlank(node)).map((node, index) => renderBlock(node, index, fail));
}

/** The title and anchor of a `## Title {#anchor}` heading. */
function sectionHeading(element: HastElement, fail: Fail): { id: string; title: string } {
  expectAttributes(element, [], fail);
  const [only, ...rest] = element.children;
  const text = only?.type === "text" && rest.length === 0 ? only.value.trim() : undefined;
  if (text === undefined) return fail("a section heading must be plain text, without formatting or links");
  const match = SECTION_HEADING.exec(text);
  if (!match?.[1] || !match[2]) {
    return fail(`the section heading "${text}" needs its anchor, written as "## ${text} {#some-anchor}"`);
  }
  return { title: match[1], id: match[2] };
}

/** The introduction and the sections of a document's HTML syntax tree (gatsby-transformer-remark's htmlAst). */
export function legalContent(
  htmlAst: unknown,
  source: string,
): { intro: React.ReactNode | undefined; sections: LegalSection[] } {
  const fail: Fail = (problem) => {
    throw new LegalDocumentError(`${source}: ${problem}`);
  };
  if (!isRecord(htmlAst) || htmlAst.type !== "root" || !Array.isArray(htmlAst.children)) {
    return fail("no Markdown body was found");
  }
  const nodes = htmlAst.children.map((child) => hastNode(child, fail)).filter((node) => !isBlank(node));

  const introNodes: HastNode[] = [];
  const parts: { id: string; title: string; nodes: HastNode[] }[] = [];
  for (const node of nodes) {
    if (node.type === "element" && node.tagName === "h2") {
      const heading = sectionHeading(node, fail);
      if (parts.some((part) => part.id === heading.id)) fail(`two sections share the anchor #${heading.id}`);
      parts.push({ ...heading, nodes: [] });
    } else {
      (parts[parts.length - 1]?.nodes ?? introNodes).push(node);
    }
  }
  if (parts.length === 0) fail('the document has no sections; start each one with "## Title {#anchor}"');

  const sections = parts.map(({ id, title, nodes: body }) => {
    if (body.length === 0) fail(`the section #${id} is empty`);
    return { id, title, content: renderBlocks(body, fail) };
  });
  return { intro: introNodes.length > 0 ? renderBlocks(introNodes, fail) : undefined, sections };
}

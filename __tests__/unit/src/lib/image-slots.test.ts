/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CARD_IMAGE_SIZES } from "../../../../src/lib/image-slots";

// A card's `sizes` must name the width its cover really takes on screen, or the browser fetches a
// file too wide (wasted bytes) or too narrow (a blurred cover). That width follows from the
// stylesheets: the container's width and padding, the blog grid's columns and gap, the card's
// border. This reads those from the CSS and checks the slot at every viewport width.

const ROOT = process.cwd();
const css = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");
const REM = 16;

/** A CSS length in px: "72rem", "1.5rem", "1px". */
const px = (length: string): number => {
  const match = /^([\d.]+)(rem|px)$/.exec(length.trim());
  if (!match) throw new Error(`not a length: ${length}`);
  return Number(match[1]) * (match[2] === "rem" ? REM : 1);
};

/** The value of `property` in the first rule for `selector` (outside media queries) of a stylesheet. */
function declaration(stylesheet: string, selector: string, property: string): string {
  const rule = new RegExp(`(^|\\n)${selector.replace(".", "\\.")} \\{([^}]*)\\}`).exec(stylesheet);
  const value = rule && new RegExp(`(?:^|;|\\n)\\s*${property}:\\s*([^;]+);`).exec(rule[2]!);
  if (!value) throw new Error(`${selector} { ${property} } not found`);
  return value[1]!.trim();
}

/** The page's layout, as the stylesheets define it. */
function layout() {
  const global = css("src/styles/global.css");
  const blog = css("src/components/blog/blog.module.css");
  const contentWidth = px(/--content-width:\s*([^;]+);/.exec(global)![1]!);
  expect(declaration(global, ".container", "max-width")).toBe("var(--content-width)");
  const padding = px(declaration(global, ".container", "padding").split(/\s+/)[1]!);
  const gap = px(declaration(blog, ".grid", "gap"));
  const border = px(declaration(blog, ".card", "border").split(/\s+/)[0]!);
  // Each media query that sets the grid's columns: from which width, how many.
  const columns = [
    ...blog.matchAll(/@media \(min-width: (\d+)px\) \{\s*\.grid \{\s*grid-template-columns: repeat\((\d+), 1fr\);/g),
  ].map((match) => ({ from: Number(match[1]), count: Number(match[2]) }));
  return { contentWidth, padding, gap, border, columns };
}

/** How wide a card's cover is, in px, in a viewport this wide. */
function coverWidth(viewport: number): number {
  const { contentWidth, padding, gap, border, columns } = layout();
  const inner = Math.min(viewport, contentWidth) - 2 * padding;
  const count = columns.filter((rule) => viewport >= rule.from).reduce((_, rule) => rule.count, 1);
  return (inner - (count - 1) * gap) / count - 2 * border;
}

/** Evaluates a CSS length expression (px, rem, vw, calc with + - * / and parentheses) at a viewport width. */
function evaluate(expression: string, viewport: number): number {
  const tokens = expression.replace(/^calc/, "").match(/[\d.]+(?:px|rem|vw)?|[-+*/()]/g) ?? [];
  let at = 0;
  const value = (token: string): number =>
    token.endsWith("vw")
      ? (Number.parseFloat(token) * viewport) / 100
      : token.endsWith("rem")
        ? px(token)
        : Number.parseFloat(token);
  const primary = (): number => {
    const token = tokens[at++]!;
    if (token !== "(") return value(token);
    const inner = sum();
    at += 1; // ")"
    return inner;
  };
  const product = (): number => {
    let result = primary();
    while (tokens[at] === "*" || tokens[at] === "/")
      result = tokens[at++] === "*" ? result * primary() : result / primary();
    return result;
  };
  const sum = (): number => {
    let result = product();
    while (tokens[at] === "+" || tokens[at] === "-")
      result = tokens[at++] === "+" ? result + product() : result - product();
    return result;
  };
  return sum();
}

/** The slot `sizes` gives in a viewport this wide: the first entry whose condition holds. */
function slot(sizes: string, viewport: number): number {
  for (const entry of sizes.split(/,\s*(?![^()]*\))/)) {
    const match = /^\(min-width: (\d+)px\)\s+(.*)$/.exec(entry.trim());
    if (!match) return evaluate(entry.trim(), viewport);
    if (viewport >= Number(match[1])) return evaluate(match[2]!, viewport);
  }
  throw new Error("sizes has no default entry");
}

describe("CARD_IMAGE_SIZES", () => {
  it("switches at the widths where the blog grid changes its columns and the container stops growing", () => {
    const { contentWidth, columns } = layout();
    expect(columns.map((rule) => rule.count)).toEqual([2, 3]);
    const conditions = [...CARD_IMAGE_SIZES.matchAll(/\(min-width: (\d+)px\)/g)].map((match) => Number(match[1]));
    expect(conditions.sort((a, b) => a - b)).toEqual([...columns.map((rule) => rule.from), contentWidth]);
  });

  it("gives the cover's real width, within a pixel, at every viewport width from 320 to 1920 px", () => {
    const off: string[] = [];
    for (let viewport = 320; viewport <= 1920; viewport += 1) {
      const [given, real] = [slot(CARD_IMAGE_SIZES, viewport), coverWidth(viewport)];
      if (Math.abs(given - real) > 1) off.push(`${viewport}px: ${given.toFixed(1)} for ${real.toFixed(1)}`);
    }
    expect(off).toEqual([]);
  });
});

// How much of a script's gzipped size some packages take, read from the build's source maps
// (.cache/source-maps/, kept beside the build): the bytes the packages' code was minified into are
// cut out, and the share is what gzip saves. Used by budgets.spec.ts to hold react-helmet, kept by
// the owner's decision, to an allowance of its own (docs/first-load.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * react-helmet and the packages only it brings (its object-assign and prop-types are React's and
 * Gatsby's too, so they stay counted with the site).
 */
export const HELMET_PACKAGES = ["react-helmet", "react-side-effect", "react-fast-compare"];

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The numbers of one segment of a source map's mappings (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`not a source map digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * For each line of the generated file, the [start, end) columns whose code came from a file under
 * one of `packages` in node_modules.
 */
function packageRanges(map: { sources: string[]; mappings: string }, packages: string[]): [number, number][][] {
  const ofPackage = map.sources.map((source) => packages.some((name) => source.includes(`/node_modules/${name}/`)));
  let sourceIndex = 0;
  return map.mappings.split(";").map((line) => {
    const ranges: [number, number][] = [];
    let column = 0;
    let open: number | undefined;
    for (const segment of line.split(",").filter(Boolean)) {
      const [columnDelta, sourceDelta] = decodeSegment(segment);
      column += columnDelta!;
      if (open !== undefined) ranges.push([open, column]);
      open = undefined;
      if (sourceDelta === undefined) continue;
      sourceIndex += sourceDelta;
      if (ofPackage[sourceIndex]) open = column;
    }
    if (open !== undefined) ranges.push([open, Number.POSITIVE_INFINITY]);
    return ranges;
  });
}

const gzipped = (text: string): number => gzipSync(text, { level: 9 }).length;

/**
 * A script's gzipped size, and its gzipped size with the code of `packages` cut out. `script` is
 * the path of the published file; its map is found by name in `mapDir`.
 */
export function scriptShare(script: string, mapDir: string, packages: string[]): { all: number; without: number } {
  const text = readFileSync(script, "utf8");
  const all = gzipped(text);
  const map = JSON.parse(readFileSync(path.join(mapDir, `${path.basename(script)}.map`), "utf8")) as {
    sources: string[];
    mappings: string;
  };
  const ranges = packageRanges(map, packages);
  if (ranges.every((line) => line.length === 0)) return { all, without: all };
  const kept = text.split("\n").map((line, index) => {
    let out = "";
    let from = 0;
    for (const [start, end] of ranges[index] ?? []) {
      out += line.slice(from, start);
      from = Math.min(end, line.length);
    }
    return out + line.slice(from);
  });
  return { all, without: gzipped(kept.join("\n")) };
}

import { createHash } from "node:crypto";
import path from "node:path";
import type { InternalsPiece } from "./versions";

/** The piece, for the version guard: it finds css-loader in Gatsby's rules by its file path. */
export const CSS_MODULE_NAMING: InternalsPiece = {
  what: "short CSS-module class names (css-loader's getLocalIdent)",
  packageName: "css-loader",
  writtenFor: ["5"],
  resolvedFrom: "gatsby",
};

/** How css-loader names a CSS module's class (its `modules.getLocalIdent` option). */
export type GetLocalIdent = (
  loaderContext: { resourcePath: string },
  localIdentName: string,
  localName: string,
  options: { context: string; hashPrefix?: string },
) => string;

/** How long the hashed part of a production class name is: 36 bits, so the site's ~120 classes never meet. */
export const CLASS_HASH_LENGTH = 6;

/**
 * The production name of a CSS-module class: "k" and six characters of a hash of the file's path
 * from the naming context and the class's local name. css-loader's default,
 * `[name]--[local]--[hash]`, spells the file and the class out ("nav-bar-module--header--b4614")
 * in every class attribute, enough to push an article page past the first round trip's 14 kB
 * (docs/performance.md). Development keeps the readable names.
 *
 * The name depends on the file and the class alone. Evaluated through importModule, a stylesheet
 * is requested as `<file>.webpack[javascript/auto]!=!<loaders>!<file>`, and css-loader's default
 * mixes that match resource into the hash; the HTML renderer reads the file directly, so the two
 * would name the same class differently. Hashing the path and the local name only keeps the
 * browser bundle, the HTML renderer and the stylesheet the pages inline in agreement.
 */
export const shortClassName: GetLocalIdent = (loaderContext, _localIdentName, localName, options) => {
  const file = path.relative(options.context, loaderContext.resourcePath).split(path.sep).join("/");
  const digest = createHash("sha256")
    .update(`${options.hashPrefix ?? ""}${file}\x00${localName}`)
    .digest("base64url");
  return `k${digest.slice(0, CLASS_HASH_LENGTH)}`;
};

interface LoaderEntry {
  loader?: unknown;
  options?: { modules?: unknown };
}

const CSS_LOADER = /[\\/]css-loader[\\/]dist[\\/]cjs\.js$/;

/** The rules, with every css-loader entry that builds CSS modules given `getLocalIdent`. */
export function withCssModuleNaming(rules: unknown, getLocalIdent: GetLocalIdent): unknown {
  if (Array.isArray(rules)) return rules.map((rule) => withCssModuleNaming(rule, getLocalIdent));
  if (typeof rules !== "object" || rules === null) return rules;
  const entry = rules as LoaderEntry & Record<string, unknown>;
  const modules = entry.options?.modules;
  if (
    typeof entry.loader === "string" &&
    CSS_LOADER.test(entry.loader) &&
    typeof modules === "object" &&
    modules !== null
  ) {
    return { ...entry, options: { ...entry.options, modules: { ...modules, getLocalIdent } } };
  }
  const copy: Record<string, unknown> = { ...entry };
  for (const key of ["rules", "oneOf", "use"])
    if (key in copy) copy[key] = withCssModuleNaming(copy[key], getLocalIdent);
  return copy;
}

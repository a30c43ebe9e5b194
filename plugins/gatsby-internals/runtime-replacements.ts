import path from "node:path";
import type { CreateWebpackConfigArgs } from "gatsby";
import type { InternalsPiece } from "./versions";

// Gatsby's browser runtime imports modules the site never runs, and a list of every page's path it
// never needs; the production browser bundle gets stand-ins for them (runtime/, which say why).
// The module paths and the import request are Gatsby 5's own, which a later Gatsby may move.

/** The piece, for the version guard. */
export const RUNTIME_REPLACEMENTS: InternalsPiece = {
  what: "leaving unused parts of Gatsby's browser runtime out of the production bundle",
  packageName: "gatsby",
  writtenFor: ["5"],
};

/**
 * Modules of Gatsby's browser runtime that this site never runs, replaced in the production browser
 * bundle by GATSBY_RUNTIME_STUB (which says why each is unused).
 */
export const UNUSED_GATSBY_MODULES = [
  /[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/,
  /[\\/]\.cache[\\/]register-service-worker\.js$/,
  /[\\/]\.cache[\\/]head[\\/]head-export-handler-for-browser\.js$/,
];

/** What stands in for them, relative to the site. */
export const GATSBY_RUNTIME_STUB = path.join("src", "gatsby-runtime", "gatsby-runtime-stub.ts");

/**
 * Gatsby's list of every page that lies inside another page's match path, which the browser runtime
 * imports by this request; in the production browser bundle it is replaced, before it is resolved
 * (so that the replacement is compiled as the TypeScript it is, not parsed as JSON), by
 * DOCUMENT_MATCH_PATHS, which says why the list is not needed.
 */
export const GATSBY_MATCH_PATHS = /^\$virtual\/match-paths\.json$/;

/** The replacement, relative to the site. */
export const DOCUMENT_MATCH_PATHS = path.join("src", "gatsby-runtime", "document-match-paths.ts");

/** The webpack plugins that swap the stand-ins in, for the site in `root`. */
export function runtimeReplacements(
  root: string,
  plugins: Pick<CreateWebpackConfigArgs["plugins"], "normalModuleReplacement">,
): unknown[] {
  const stub = path.join(root, GATSBY_RUNTIME_STUB);
  return [
    ...UNUSED_GATSBY_MODULES.map((pattern) => plugins.normalModuleReplacement(pattern, stub)),
    plugins.normalModuleReplacement(GATSBY_MATCH_PATHS, path.join(root, DOCUMENT_MATCH_PATHS)),
  ];
}

import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { CreateWebpackConfigArgs } from "gatsby";
import { type InternalsPiece, type Warner, mayUse } from "../../plugins/gatsby-internals/versions";

// What the browser runs, where it is not what the imports say (docs/codebase-map.md): every module
// that the production browser bundle replaces by a stand-in, and nothing else does. The HTML
// renderer and `gatsby develop` keep the real modules.
//
// - The site's own: any `X.browser.tsx` (or `.ts`) under src/ stands in for the `X.tsx` (or `.ts`)
//   beside it, whose work is done once the build has written the page (docs/first-load.md). Adding
//   one needs no list here; the replaced file says in its head comment that the browser gets it.
// - Gatsby's: modules of its browser runtime that the site never runs, and its list of every page's
//   path, replaced by the files of src/gatsby-runtime/, each named for what it replaces and saying
//   why. They rely on Gatsby 5's own paths, so the version guard (plugins/gatsby-internals/versions.ts)
//   skips them, with a warning, on another Gatsby.

/** One module of the production browser bundle and its stand-in. */
export type BrowserStandIn = {
  /** The stand-in, relative to the site. */
  standIn: string;
} & (
  | {
      /**
       * The replaced file, by the end of its path ("/"-separated), or its whole path when absolute.
       * webpack matches it on the import request (which may name the file), then on the resolved
       * file; matched there, the stand-in is compiled with the loaders of the file it replaces.
       */
      file: string;
    }
  | {
      /**
       * The replaced import request, matched before it is resolved: the stand-in is resolved, and
       * compiled, as a module of its own.
       */
      request: string;
    }
);

/** A stand-in of the site's own is named for the file it replaces, beside it. */
export const SITE_STAND_IN = /\.browser\.tsx?$/;

/** Where the site's stand-ins are looked for, relative to the site. */
export const SITE_STAND_INS_DIR = "src";

/**
 * The site's stand-ins in the site at `root`: every `X.browser.tsx` (or `.ts`) under src/, each
 * with the one `X.tsx` or `X.ts` beside it that it replaces (relative to the site, with "/").
 * Throws for a stand-in with no such file: a misspelt one would otherwise be left out silently.
 */
export function siteStandIns(root: string): { file: string; standIn: string }[] {
  const dir = path.join(root, SITE_STAND_INS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.posix.join(SITE_STAND_INS_DIR, name.split(path.sep).join("/")))
    .filter((standIn) => SITE_STAND_IN.test(standIn))
    .sort()
    .map((standIn) => {
      const base = standIn.replace(SITE_STAND_IN, "");
      const originals = [".tsx", ".ts"]
        .map((extension) => base + extension)
        .filter((file) => existsSync(path.join(root, file)));
      if (originals.length !== 1) {
        throw new Error(`${standIn} must stand beside the one module it replaces, ${base}.tsx or ${base}.ts`);
      }
      return { file: originals[0]!, standIn };
    });
}

/** The piece, for the version guard: the Gatsby paths below are Gatsby 5's own. */
export const GATSBY_RUNTIME_STAND_INS: InternalsPiece = {
  what: "leaving unused parts of Gatsby's browser runtime out of the production bundle",
  packageName: "gatsby",
  writtenFor: ["5"],
};

const UNUSED_GATSBY_MODULES = "src/gatsby-runtime/partytown-service-worker-head-handler.ts";

/** Gatsby's runtime modules and their stand-ins (which say why each is not needed). */
export const GATSBY_STAND_INS: BrowserStandIn[] = [
  { file: "gatsby/dist/internal-plugins/partytown/gatsby-browser.js", standIn: UNUSED_GATSBY_MODULES },
  // Gatsby copies its cache-dir/ into the site's .cache/ before bundling.
  { file: ".cache/register-service-worker.js", standIn: UNUSED_GATSBY_MODULES },
  { file: ".cache/head/head-export-handler-for-browser.js", standIn: UNUSED_GATSBY_MODULES },
  // Written by Gatsby as JSON under .cache/: matched as the request, so that the stand-in is compiled
  // as the TypeScript it is, not parsed as JSON.
  { request: "$virtual/match-paths.json", standIn: "src/gatsby-runtime/document-match-paths.ts" },
];

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** What webpack matches for `standIn`: the request itself, or a path ending with the file's. */
export function replacedPattern(standIn: BrowserStandIn): RegExp {
  if ("request" in standIn) return new RegExp(`^${escape(standIn.request)}$`);
  const file = standIn.file.split(/[\\/]/).map(escape).join("[\\\\/]");
  return new RegExp(path.isAbsolute(standIn.file) ? `^${file}$` : `(?:^|[\\\\/])${file}$`);
}

/**
 * Every stand-in of the production browser bundle of the site at `root`: Gatsby's, unless the
 * version guard skips them on the installed Gatsby (or `gatsbyVersion`), warning through `reporter`;
 * then the site's, each matched by its full path.
 */
export function browserStandInsOf(root: string, reporter: Warner, gatsbyVersion?: string): BrowserStandIn[] {
  return [
    ...(mayUse(GATSBY_RUNTIME_STAND_INS, reporter, gatsbyVersion) ? GATSBY_STAND_INS : []),
    ...siteStandIns(root).map(({ file, standIn }) => ({ file: path.join(root, file), standIn })),
  ];
}

/** The webpack plugins that swap the stand-ins in, for the production browser bundle of the site in `root`. */
export function browserStandIns(
  root: string,
  plugins: Pick<CreateWebpackConfigArgs["plugins"], "normalModuleReplacement">,
  reporter: Warner,
): unknown[] {
  return browserStandInsOf(root, reporter).map((standIn) =>
    plugins.normalModuleReplacement(replacedPattern(standIn), path.join(root, standIn.standIn)),
  );
}

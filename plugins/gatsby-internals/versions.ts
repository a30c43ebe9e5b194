import { createRequire } from "node:module";
import path from "node:path";

// Every piece of this folder relies on something a package does not promise (a line of its code, the
// shape of its state, the name of its class). Each names the versions it was written for; on any
// other it is skipped and says so, so an upgrade shows up as a warning here, not a strange build.

/** A piece of code that relies on a package's internals, and the versions it was written for. */
export interface InternalsPiece {
  /** What the piece does, as a warning names it ("Terser writing ES2017"). */
  what: string;
  packageName: string;
  /** Version prefixes it was written for: "5" is any 5.x.y, "2.8" any 2.8.y. */
  writtenFor: string[];
  /** Where the package is resolved from, as a package that depends on it: Gatsby for its own tools. */
  resolvedFrom?: "site" | "gatsby";
}

/** Whether `version` (like "5.16.1") is one of the versions `writtenFor` names. */
export function recognises(writtenFor: string[], version: string | undefined): boolean {
  if (version === undefined) return false;
  const parts = version.split(".");
  return writtenFor.some((prefix) => prefix.split(".").every((part, index) => parts[index] === part));
}

/**
 * The version of `packageName` installed for the site in `root` (through Gatsby when `from` is
 * "gatsby"). The root defaults to the folder Gatsby (or Jest) runs in, the site's.
 */
export function installedVersion(
  packageName: string,
  from: InternalsPiece["resolvedFrom"] = "site",
  root = process.cwd(),
): string | undefined {
  try {
    const siteRequire = createRequire(path.join(root, "package.json"));
    const base = from === "gatsby" ? path.dirname(siteRequire.resolve("gatsby/package.json")) : root;
    const manifest = createRequire(path.join(base, "package.json"))(`${packageName}/package.json`) as {
      version?: unknown;
    };
    return typeof manifest.version === "string" ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

/** The sentence said when `piece` is skipped because `version` is not one it was written for. */
export function skippedNotice(piece: InternalsPiece, version: string | undefined): string {
  const written = piece.writtenFor.map((prefix) => `${prefix}.x`).join(" or ");
  const found = version === undefined ? "none installed" : version;
  return `Skipped ${piece.what}: written for ${piece.packageName} ${written}, found ${found}. The build works without it; update plugins/gatsby-internals/ for this version.`;
}

/** A reporter that can warn, as Gatsby's is. */
export interface Warner {
  warn(message: string): void;
}

/**
 * Whether `piece` may run: true when the installed version is one it was written for; otherwise
 * warns with skippedNotice and returns false.
 */
export function mayUse(
  piece: InternalsPiece,
  reporter: Warner,
  version = installedVersion(piece.packageName, piece.resolvedFrom),
): boolean {
  if (recognises(piece.writtenFor, version)) return true;
  reporter.warn(skippedNotice(piece, version));
  return false;
}

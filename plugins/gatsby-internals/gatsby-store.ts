import path from "node:path";
import type { Store } from "gatsby";
import type { InternalsPiece } from "./versions";

// Gatsby's redux store is not a public API: these readers (and the one action dispatched to it) are
// the only code that knows its shape. Each reader checks what it reads; a shape it does not know
// reads as absent.

/** The piece, for the version guard. */
export const GATSBY_STORE: InternalsPiece = {
  what: "reading Gatsby's store and emptying its cache through it",
  packageName: "gatsby",
  writtenFor: ["5"],
};

type StoreLike = Pick<Store, "getState">;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;

/** The site's root folder, as Gatsby was started in it. */
export function siteDir(store: StoreLike): string {
  const directory = record(record(store.getState())?.program)?.directory;
  if (typeof directory !== "string")
    throw new Error("Gatsby's store names no site folder (program.directory): is this Gatsby 5?");
  return directory;
}

/** The folder the built site is written to. */
export const publicDir = (store: StoreLike): string => path.join(siteDir(store), "public");

/** The site's siteMetadata as gatsby-config gives it, unchecked: the caller checks what it reads. */
export function siteMetadataOf(store: StoreLike): Record<string, unknown> {
  return record(record(record(store.getState())?.config)?.siteMetadata) ?? {};
}

/** A value a plugin saved with setPluginStatus in an earlier build in this folder, or undefined. */
export function savedPluginStatus(state: unknown, plugin: string, key: string): unknown {
  return record(record(record(record(state)?.status)?.plugins)?.[plugin])?.[key];
}

/** The paths of the pages of this build, or undefined when the store holds none (outside a build). */
export function builtPagePaths(store: StoreLike): string[] | undefined {
  const pages = record(store.getState())?.pages;
  if (!(pages instanceof Map) || pages.size === 0) return undefined;
  return [...pages.values()].flatMap((page: unknown) => {
    const pagePath = record(page)?.path;
    return typeof pagePath === "string" ? [pagePath] : [];
  });
}

/**
 * Makes Gatsby's own cache check, which runs after onPreInit, find its plugins hash changed, so it
 * empties the whole cache; `reason` is stored as the hash.
 */
export function emptyCacheAtNextCheck(store: Pick<Store, "dispatch">, reason: string): void {
  store.dispatch({ type: "UPDATE_PLUGINS_HASH", payload: reason });
}

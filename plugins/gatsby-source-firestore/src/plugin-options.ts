import type { GatsbyNode, PluginOptions } from "gatsby";
import {
  storageImageHosts,
  type CoverImagePolicy,
  KNOWN_TOOLS,
  KNOWN_TUNES,
  type EditorToolNames,
} from "@kindred/article";

export interface SourcedType {
  /** GraphQL node type, e.g. "BlogPost". */
  type: string;
  /** Firestore collection, e.g. "blogMetaData". */
  collection: string;
  /** Maps a document's data to the node's fields (the shape of the original gatsby-source-firestore). */
  map?: (data: Record<string, unknown>) => Record<string, unknown>;
}

export interface FirestoreSourceOptions extends PluginOptions {
  types: SourcedType[];
  /** The web app's Firebase config; without a projectId the plugin reads `localContentDir`. */
  firebaseConfig?: { projectId?: string; apiKey?: string; appId?: string; authDomain?: string; storageBucket?: string };
  /** `host[:port][/path/prefix/]` entries cover images may come from, besides the project's Firebase Storage. */
  allowedImageHosts: string[];
  /** For tests only: also accept http covers and covers on loopback or private addresses. */
  allowInsecureImageHosts: boolean;
  /** Names this site's editor gave Editor.js tools and tunes, mapped to the names the site knows. */
  editorToolNames: EditorToolNames;
  /** `host:port` of a Firestore emulator. */
  emulatorHost?: string;
  /** Folder of sample articles (`<slug>.json`), the embedded default. */
  localContentDir?: string;
  /** Documents per Firestore read. */
  pageSize: number;
  /** Read only what changed since the last build in this workspace (Firestore only). */
  incremental: boolean;
  /** How far before the last sync a warm build looks for changes, for clocks that disagree. */
  syncMarginMinutes: number;
}

export const DEFAULT_TYPES: SourcedType[] = [{ type: "BlogPost", collection: "blogMetaData" }];

/** Validates the options in gatsby-config before anything is read. */
export const pluginOptionsSchema: GatsbyNode["pluginOptionsSchema"] = ({ Joi }) =>
  Joi.object({
    types: Joi.array()
      .items(
        Joi.object({
          type: Joi.string()
            .pattern(/^[A-Z][A-Za-z0-9]*$/)
            .required()
            .description("GraphQL node type"),
          collection: Joi.string().required().description("Firestore collection to read"),
          map: Joi.function().description("maps a document's data to node fields"),
        }),
      )
      .min(1)
      .default(DEFAULT_TYPES),
    firebaseConfig: Joi.object({
      projectId: Joi.string().allow(""),
      apiKey: Joi.string().allow(""),
      appId: Joi.string().allow(""),
      authDomain: Joi.string().allow(""),
      storageBucket: Joi.string().allow(""),
    })
      .unknown(true)
      .description("the web app's Firebase config; without projectId the local content is used"),
    emulatorHost: Joi.string()
      .allow("")
      .pattern(/^[\w.-]+:\d+$/)
      .description("host:port of a Firestore emulator"),
    allowedImageHosts: Joi.array()
      .items(Joi.string().pattern(/^[a-z0-9.-]+(:\d+)?(\/\S*)?$/i))
      .default([])
      .description(
        "host[:port][/path/prefix/] entries cover images may be downloaded from, besides the project's Firebase Storage",
      ),
    allowInsecureImageHosts: Joi.boolean()
      .default(false)
      .description("tests only: also download http covers and covers on loopback or private addresses"),
    editorToolNames: Joi.object()
      .pattern(Joi.string(), Joi.string().valid(...KNOWN_TOOLS, ...KNOWN_TUNES))
      .default({})
      .description(
        "the names this site's Editor.js configuration gave tools and tunes, each mapped to the name the site knows it by (docs/editor-blocks.md)",
      ),
    localContentDir: Joi.string().description("folder of sample articles, the embedded default"),
    pageSize: Joi.number().integer().min(1).max(10_000).default(500).description("documents per read"),
    incremental: Joi.boolean()
      .default(true)
      .description(
        "a warm build reads only the documents changed since the last one (the environment variable FIRESTORE_FULL_READ=true turns it off)",
      ),
    syncMarginMinutes: Joi.number()
      .min(0)
      .default(10)
      .description(
        "a warm build re-reads documents whose lastUpdate is this much older than the last sync, for clock skew",
      ),
  });

/** Whether the plugin reads Firestore (a project id is configured) or the local sample content. */
export function usesFirestore(options: Pick<FirestoreSourceOptions, "firebaseConfig">): boolean {
  return Boolean(options.firebaseConfig?.projectId);
}

/**
 * Where cover images may be downloaded from: https URLs of the project's Firebase Storage and of
 * the configured hosts, never this machine or a private network unless a test allows it.
 */
export function coverImagePolicy(
  options: Pick<FirestoreSourceOptions, "firebaseConfig" | "allowedImageHosts" | "allowInsecureImageHosts">,
): CoverImagePolicy {
  const projectHosts = storageImageHosts(
    options.firebaseConfig?.projectId ?? "",
    options.firebaseConfig?.storageBucket ?? "",
  );
  return {
    hosts: [...new Set([...projectHosts, ...(options.allowedImageHosts ?? [])])],
    allowInsecure: options.allowInsecureImageHosts === true,
  };
}

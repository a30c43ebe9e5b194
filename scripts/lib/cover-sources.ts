// The covers of every article the site would publish, read the way the build reads them (the source
// plugin's own reading and checking, loaded through jiti since the plugin's modules use extensionless
// imports that Node's type stripping does not resolve).
import path from "node:path";
import { createJiti } from "jiti";
import type { CoverSource } from "../../src/node/image-store/fill.ts";

/** One cover to fill, with the first article that uses it (for the report of a failure). */
export interface CoverJob {
  source: CoverSource;
  documentId: string;
}

interface PluginOptions {
  firebaseConfig?: { projectId?: string };
  emulatorHost?: string;
  localContentDir?: string;
  pageSize?: number;
  allowedImageHosts?: string[];
  allowInsecureImageHosts?: boolean;
  types?: { type: string; collection: string }[];
}

/**
 * The distinct covers of the published articles: Firestore's when gatsby-config names a project,
 * else the sample content (or `contentDir`). Problems with documents are reported through `warn`.
 */
export async function coverJobs(
  projectRoot: string,
  contentDir: string | undefined,
  warn: (message: string) => void,
): Promise<CoverJob[]> {
  const jiti = createJiti(path.join(projectRoot, "package.json"));
  const config = (await jiti.import(path.join(projectRoot, "gatsby-config.ts"), { default: true })) as {
    plugins: ({ resolve: string; options: PluginOptions } | string)[];
  };
  const plugin = config.plugins.find(
    (entry) => typeof entry === "object" && entry.resolve === "gatsby-source-firestore",
  ) as { options: PluginOptions };
  const options = {
    pageSize: 500,
    types: [{ type: "BlogPost", collection: "blogMetaData" }],
    ...plugin.options,
    ...(contentDir ? { localContentDir: path.resolve(contentDir) } : {}),
  };
  const src = path.join(projectRoot, "plugins", "gatsby-source-firestore", "src");
  const { usesFirestore } = (await jiti.import(path.join(src, "plugin-options.ts"))) as {
    usesFirestore: (o: PluginOptions) => boolean;
  };
  const { acceptBlogPosts, normalizeContext } = (await jiti.import(path.join(src, "source-nodes.ts"))) as {
    acceptBlogPosts: (
      documents: unknown[],
      context: unknown,
      warn: (problem: { id: string; field: string; message: string }, skipped: boolean) => void,
    ) => { documentId: string; featureImageSource: CoverSource | null }[];
    normalizeContext: (o: PluginOptions) => unknown;
  };
  const collection = options.types[0]!.collection;
  let documents: unknown[];
  if (usesFirestore(options)) {
    const { readPublishedCollection } = (await jiti.import(path.join(src, "read-firestore.ts"))) as {
      readPublishedCollection: (c: string, o: object) => Promise<unknown[]>;
    };
    documents = await readPublishedCollection(collection, {
      firebaseConfig: options.firebaseConfig,
      emulatorHost: options.emulatorHost || undefined,
      pageSize: options.pageSize,
    });
  } else {
    const { readLocalContent } = (await jiti.import(path.join(src, "read-local.ts"))) as {
      readLocalContent: (dir: string) => unknown[];
    };
    documents = readLocalContent(options.localContentDir ?? path.join(projectRoot, "content", "blog"));
  }
  const posts = acceptBlogPosts(documents, normalizeContext(options), (problem) =>
    warn(`${collection}/${problem.id}: field "${problem.field}" ${problem.message}`),
  );
  const jobs = new Map<string, CoverJob>();
  for (const post of posts) {
    const source = post.featureImageSource;
    if (!source) continue;
    const id = source.kind === "url" ? source.url : source.path;
    if (!jobs.has(id))
      jobs.set(id, {
        source:
          source.kind === "url"
            ? { kind: "url", url: source.url, policy: source.policy }
            : { kind: "file", path: source.path },
        documentId: post.documentId,
      });
  }
  return [...jobs.values()];
}

import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BuildArgs, Reporter, Store } from "gatsby";
import type { CoverSource } from "../../src/node/image-store/fill.ts";

/** A scratch site folder with public/, its store in .image-store/, as Gatsby's store names it. */
export async function scratchSite(prefix: string): Promise<{ dir: string; store: Store; imageStore: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await mkdir(path.join(dir, "public"));
  return {
    dir,
    store: { getState: () => ({ program: { directory: dir } }) } as unknown as Store,
    imageStore: path.join(dir, ".image-store"),
  };
}

/** A BlogPost node as the source plugin makes it, with only what the cover steps read. */
export const blogPost = (
  n: number,
  slug: string,
  source: CoverSource | null,
  lastUpdate = "2024-01-01T00:00:00.000Z",
) => ({
  id: `post-${n}`,
  documentId: `doc-${n}`,
  slug,
  title: `Article ${n}`,
  categories: ["A", "B", "C"],
  featureImageUrl: source ? (source.kind === "url" ? source.url : `/blog-images/${path.basename(source.path)}`) : "",
  lastUpdate,
  featureImageSource: source,
  internal: {},
});

/** Gatsby's node reader for these BlogPost nodes. */
export const nodesOf = (posts: object[]): BuildArgs["getNodesByType"] =>
  ((type: string) => (type === "BlogPost" ? posts : [])) as unknown as BuildArgs["getNodesByType"];

/** A reporter that keeps what it is told. */
export function listeningReporter(): Reporter & { info: jest.Mock; warn: jest.Mock } {
  return { info: jest.fn(), warn: jest.fn(), panicOnBuild: jest.fn() } as unknown as Reporter & {
    info: jest.Mock;
    warn: jest.Mock;
  };
}

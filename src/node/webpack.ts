import type { CreateWebpackConfigArgs } from "gatsby";
import { CHUNK_LOAD_TIMEOUT_MS } from "../lib/constants";

/** onCreateWebpackConfig: slow mobile networks get 120 s to load a code-split chunk before webpack gives up. */
export function allowSlowChunks({ actions }: Pick<CreateWebpackConfigArgs, "actions">): void {
  actions.setWebpackConfig({ output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } });
}

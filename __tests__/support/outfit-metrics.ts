import { execFileSync } from "node:child_process";
import path from "node:path";
import type { FontMetrics } from "@capsizecss/core";
import { FONT_FILES, LATIN_FONT_FILE } from "../../src/node/fonts";

const ROOT = path.resolve(__dirname, "..", "..");

/**
 * The metrics capsize reads from the installed woff2. @capsizecss/unpack is an ES module only, which
 * Jest's CommonJS cannot load, so Node reads it in a child process, as the build does.
 */
export function installedOutfitMetrics(): FontMetrics {
  const file = path.join(ROOT, FONT_FILES, LATIN_FONT_FILE);
  const script = `import { fromFile } from "@capsizecss/unpack/fs"; console.log(JSON.stringify(await fromFile(${JSON.stringify(file)})));`;
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" }),
  ) as FontMetrics;
}

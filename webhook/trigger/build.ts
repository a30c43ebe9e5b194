// `npm run build:functions` (firebase.json's predeploy hook, and scripts/lib/firebase-emulators.ts
// before it starts the Functions emulator): makes this folder deployable. Firebase uploads the
// folder alone, and Cloud Build installs only what its package.json names, so the code the
// functions share with the rebuild service (@kindred/publishing, a workspace package) has to be in
// lib/ itself. This type-checks the codebase with its own tsconfig.json, then bundles src/index.ts
// into lib/index.js: one ES module for Node 24 with every @kindred/* module inlined, and the
// package.json dependencies (firebase-admin, firebase-functions) left as imports.
//
//   node webhook/trigger/build.ts [--outdir <dir>]    (default: webhook/trigger/lib, emptied first)
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const HERE = import.meta.dirname;

interface Manifest {
  main: string;
  dependencies?: Record<string, string>;
}

/** Type-checks src/ (and the workspace code it imports) with this folder's tsconfig.json; throws with tsc's report. */
function typecheck(): void {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", HERE], { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`The functions do not type-check:\n${stdout}${stderr}`);
  }
}

/** Bundles src/index.ts into `outdir`/index.js; answers what went in. */
async function bundle(outdir: string): Promise<{ file: string; bytes: number; inlined: string[] }> {
  const manifest = JSON.parse(readFileSync(path.join(HERE, "package.json"), "utf8")) as Manifest;
  rmSync(outdir, { recursive: true, force: true });
  const file = path.join(outdir, path.basename(manifest.main));
  const result = await build({
    entryPoints: [path.join(HERE, "src", "index.ts")],
    outfile: file,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node24",
    // A package named here stays an import (with its subpaths: firebase-functions/v2/firestore);
    // everything else the entry reaches, the workspace packages included, is inlined.
    external: Object.keys(manifest.dependencies ?? {}),
    // CommonJS code inlined from npm (sanitize-html and the parsers under it, for the editors' API)
    // calls require() for Node's own modules, which an ES module does not have: give it one.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    metafile: true,
    logLevel: "warning",
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return { file, bytes: output.bytes, inlined: Object.keys(output.inputs).sort() };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { outdir: { type: "string" } } });
  const outdir = path.resolve(values.outdir ?? path.join(HERE, "lib"));
  typecheck();
  const { file, bytes, inlined } = await bundle(outdir);
  const shared = inlined.filter((input) => input.includes("packages/"));
  console.log(
    `${path.relative(process.cwd(), file)}: ${(bytes / 1024).toFixed(1)} kB, ${inlined.length} modules ` +
      `(${shared.length} of them from packages/)`,
  );
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

// `npm run images:prune -- (--keep DIR[,DIR…] | --releases DIR) [--grace-hours 24] [--dry-run]`
// Removes from the image store (IMAGE_STORE_DIR, default .image-store/) what no kept release
// references. A release is a built site folder (public/, or a rebuild service release's site/).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fail, parseCommandLine, runMain } from "./lib/cli.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { pruneStore } from "../src/node/image-store/prune.ts";
import { imageStoreDir } from "../src/node/image-store/store.ts";

const command = {
  usage: "npm run images:prune -- [options]",
  summary: "Removes from the image store what no kept release references.",
  options: {
    keep: {
      type: "string",
      value: "dir[,dir…]",
      description: "built site folders whose images are kept (public/, a release's site/)",
    },
    releases: {
      type: "string",
      value: "dir",
      description: "the rebuild service's BUILDS_DIR/releases: every <id>/site in it is kept",
    },
    "grace-hours": {
      type: "string",
      value: "h",
      default: "24",
      description: "leave alone anything written this recently (a fill or build under way)",
    },
    "dry-run": { type: "boolean", default: false, description: "say what would be removed, remove nothing" },
  },
} as const;

async function main(): Promise<void> {
  const { values } = parseCommandLine(command);
  const sites = (values.keep ?? "")
    .split(",")
    .filter(Boolean)
    .map((dir) => path.resolve(dir));
  if (values.releases) {
    for (const id of readdirSync(values.releases)) {
      const site = path.join(values.releases, id, "site");
      if (existsSync(site)) sites.push(site);
    }
  }
  if (sites.length === 0) fail("name the kept releases with --keep or --releases: with none, everything would go.", 2);
  const missing = sites.filter((site) => !existsSync(path.join(site, "index.html")));
  if (missing.length > 0) fail(`not a built site (no index.html): ${missing.join(", ")}`, 2);
  const hours = Number(values["grace-hours"]);
  if (!Number.isFinite(hours) || hours < 0)
    fail(`--grace-hours must be a number of hours, not "${values["grace-hours"]}".`, 2);
  const store = imageStoreDir(PROJECT_ROOT);
  const result = await pruneStore(store, sites, { graceMs: hours * 3_600_000, dryRun: values["dry-run"] });
  for (const file of result.removed) console.log(`${values["dry-run"] ? "would remove" : "removed"} ${file}`);
  console.log(
    `[images:prune] ${sites.length} releases keep ${result.keptKeys} keys; ${result.removed.length} entries ${values["dry-run"] ? "would be " : ""}removed from ${store}`,
  );
}

if (import.meta.main) runMain(main);

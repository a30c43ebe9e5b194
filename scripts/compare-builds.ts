// Compares two production builds file for file, with the hashes masked that change when nothing a
// visitor gets changed: webpack's content hashes in file names and references, the image store's
// and page data's hex keys, and the query hashes. Used to show that a refactoring left the site
// the same (docs/codebase-map.md). Usage: node scripts/compare-builds.ts <before/public> <after/public>
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Every file under `dir`, relative to it, with "/". */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

const HASHES: [RegExp, string][] = [
  [/\b[0-9a-f]{40}\b/g, "<sha1>"], // shared chunk names
  [/\b[0-9a-f]{32}\b/g, "<md5>"], // static/<hash>/ folders of images and files
  [/-[0-9a-f]{20}\b/g, "-<contenthash>"], // webpack's [contenthash] in chunk and CSS names
  [/\b[0-9a-f]{8}(?=-<contenthash>|\.js)/g, "<chunkid>"], // hashed names of split chunks
  [/\b\d{1,5}(?=-<contenthash>)/g, "<n>"], // numeric ids of split chunks, from their modules' paths
  [/\b[0-9a-f]{20}\b/g, "<hash>"], // webpack's compilation hash
  [/"\d{8,10}"/g, '"<queryhash>"'], // static query hashes in page-data
  [/sha256-[A-Za-z0-9+/=]{44}/g, "sha256-<hash>"], // CSP hashes of inline scripts, which name chunks
];

/** A file's text or name with every hash masked. */
export function masked(text: string): string {
  return HASHES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

const BINARY = /\.(png|jpe?g|webp|avif|gif|ico|woff2?|ttf)$/;

/** The masked names present on one side only, and the masked files whose contents differ. */
export function compareBuilds(
  before: string,
  after: string,
): { onlyBefore: string[]; onlyAfter: string[]; differ: string[] } {
  const index = (dir: string): Map<string, string> => new Map(filesUnder(dir).map((file) => [masked(file), file]));
  const left = index(before);
  const right = index(after);
  const onlyBefore = [...left.keys()].filter((name) => !right.has(name)).sort();
  const onlyAfter = [...right.keys()].filter((name) => !left.has(name)).sort();
  const differ = [...left.keys()]
    .filter((name) => right.has(name))
    .filter((name) => {
      const a = readFileSync(path.join(before, left.get(name)!));
      const b = readFileSync(path.join(after, right.get(name)!));
      return BINARY.test(name) ? !a.equals(b) : masked(a.toString("utf8")) !== masked(b.toString("utf8"));
    })
    .sort();
  return { onlyBefore, onlyAfter, differ };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [before, after] = process.argv.slice(2);
  if (!before || !after) {
    console.error("Usage: node scripts/compare-builds.ts <before/public> <after/public>");
    process.exit(2);
  }
  const { onlyBefore, onlyAfter, differ } = compareBuilds(before, after);
  const total = filesUnder(before).length;
  for (const name of onlyBefore) console.log(`only before: ${name}`);
  for (const name of onlyAfter) console.log(`only after:  ${name}`);
  for (const name of differ) console.log(`differs:     ${name}`);
  console.log(
    `${total} files before, ${filesUnder(after).length} after; ${differ.length} differ once hashes are masked`,
  );
  process.exit(onlyBefore.length + onlyAfter.length + differ.length === 0 ? 0 : 1);
}

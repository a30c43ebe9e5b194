// Checks a finished build before anyone can see it: the pages a visitor reaches first, and a page
// for every article in the search index that the same build wrote.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { CARDS_PER_CHUNK, MANIFEST_PATH, chunkPath, type SearchManifest } from "@kindred/article";

// The hosting rules answer every unbuilt /blogarticle/... path with the client route's own page,
// so a release without it would serve 404s for articles newer than the build.
const REQUIRED_PAGES = ["index.html", "blog/index.html", "404.html", "blogarticle/[...slug]/index.html"];

export interface OutputCheck {
  /** What is missing or broken; empty when the site may be published. */
  problems: string[];
  /** How many articles the build's search index lists. */
  articles: number;
}

const isPage = (file: string): boolean =>
  existsSync(file) && statSync(file).isFile() && /<\/html>\s*$/i.test(readFileSync(file, "utf8"));

/** Lists what is missing or broken in a built site. */
export function checkOutput(siteDir: string): OutputCheck {
  const problems: string[] = [];
  for (const page of REQUIRED_PAGES) {
    if (!isPage(path.join(siteDir, page))) problems.push(`missing or incomplete page ${page}`);
  }
  let articles: unknown[] = [];
  let reading = MANIFEST_PATH;
  try {
    // The search index's cards (packages/article/src/search-pieces.ts): every chunk the manifest implies, holes left out.
    const { slots } = JSON.parse(readFileSync(path.join(siteDir, MANIFEST_PATH), "utf8")) as SearchManifest;
    if (!Number.isInteger(slots) || slots < 0) throw new Error("no slot count");
    for (let chunk = 0; chunk * CARDS_PER_CHUNK < slots; chunk += 1) {
      reading = chunkPath(chunk);
      const cards: unknown = JSON.parse(readFileSync(path.join(siteDir, reading), "utf8"));
      if (!Array.isArray(cards)) throw new Error("not an array");
      articles.push(...cards.filter((card) => card !== null));
    }
  } catch (error) {
    // Worded here rather than passing the error on: its message would name the file's full path.
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? "missing" : error instanceof SyntaxError ? "not JSON" : (code ?? (error as Error).message);
    problems.push(`unreadable search index ${reading} (${why})`);
    articles = [];
  }
  for (const article of articles) {
    const raw = (article as { slug?: unknown } | null)?.slug;
    const slug = typeof raw === "string" ? raw : "";
    if (!/^[a-z0-9][a-z0-9-]*$/.test(slug)) {
      problems.push(`search index entry with an invalid slug: ${JSON.stringify(raw)}`);
    } else if (!isPage(path.join(siteDir, "blogarticle", slug, "index.html"))) {
      problems.push(`missing article page blogarticle/${slug}/index.html`);
    }
  }
  return { problems, articles: articles.length };
}

export interface ShrinkRule {
  /** The largest share of the published articles a build may lose (0.5: half of them). */
  maxDrop: number;
}

/**
 * Refuses a build that would make the site lose its articles: none at all, or a drop from the
 * published release larger than the rule allows. Answers why, or null when the count is fine.
 * `published` is the published release's id and article count, when one is known.
 */
export function checkShrink(
  articles: number,
  published: { id: string; articles: number } | null,
  { maxDrop }: ShrinkRule,
): string | null {
  const override = 'If that is intended, trigger again with {"allowShrink": true}.';
  if (articles === 0) {
    const was = published ? ` (the published release ${published.id} has ${published.articles})` : "";
    return `The new build lists no articles${was}. ${override}`;
  }
  if (!published || published.articles === 0) return null;
  const drop = (published.articles - articles) / published.articles;
  if (drop <= maxDrop) return null;
  return (
    `The new build lists ${articles} article${articles === 1 ? "" : "s"} where the published release ${published.id} has ${published.articles}: ` +
    `a drop of ${Math.round(drop * 100)}%, more than the ${Math.round(maxDrop * 100)}% MAX_ARTICLE_DROP allows. ${override}`
  );
}

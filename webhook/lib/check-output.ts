// Checks a finished build before anyone can see it: the pages a visitor reaches first, and a page
// for every article in the search index that the same build wrote.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const REQUIRED_PAGES = ["index.html", "blog/index.html", "404.html"];

export interface OutputCheck {
  /** What is missing or broken; empty when the site may be published. */
  problems: string[];
  /** How many articles the build's search index lists. */
  articles: number;
}

const isPage = (file: string): boolean => existsSync(file) && statSync(file).isFile() && /<\/html>\s*$/i.test(readFileSync(file, "utf8"));

/** Lists what is missing or broken in a built site. */
export function checkOutput(siteDir: string): OutputCheck {
  const problems: string[] = [];
  for (const page of REQUIRED_PAGES) {
    if (!isPage(path.join(siteDir, page))) problems.push(`missing or incomplete page ${page}`);
  }
  let articles: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(siteDir, "blog-index.json"), "utf8"));
    if (!Array.isArray(parsed)) throw new Error("not an array");
    articles = parsed;
  } catch (error) {
    problems.push(`unreadable search index blog-index.json (${(error as Error).message})`);
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

// Checks a finished build before anyone can see it: the pages a visitor reaches first, and one page
// for every article in the search index the same build wrote.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const REQUIRED_PAGES = ["index.html", "blog/index.html", "404.html"];

const isPage = (file) => existsSync(file) && statSync(file).isFile() && /<\/html>\s*$/i.test(readFileSync(file, "utf8"));

/** Lists what is missing or broken in a built site; an empty list means it may be published. */
export function checkOutput(siteDir) {
  const problems = [];
  for (const page of REQUIRED_PAGES) {
    if (!isPage(path.join(siteDir, page))) problems.push(`missing or incomplete page ${page}`);
  }
  const indexFile = path.join(siteDir, "blog-index.json");
  let articles = [];
  try {
    articles = JSON.parse(readFileSync(indexFile, "utf8"));
    if (!Array.isArray(articles)) throw new Error("not an array");
  } catch (error) {
    problems.push(`unreadable search index blog-index.json (${error.message})`);
    articles = [];
  }
  for (const article of articles) {
    const slug = typeof article?.slug === "string" ? article.slug : "";
    if (!/^[a-z0-9][a-z0-9-]*$/.test(slug)) {
      problems.push(`search index entry with an invalid slug: ${JSON.stringify(article?.slug)}`);
    } else if (!isPage(path.join(siteDir, "blogarticle", slug, "index.html"))) {
      problems.push(`missing article page blogarticle/${slug}/index.html`);
    }
  }
  return { problems, articles: articles.length };
}

import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSite, gatsbyEnv } from "../support/site-build";
import { editBody, firstDifference, run } from "../../scripts/fast-lane-check.ts";
import { LEFT_TO_FULL_BUILD } from "../../scripts/fast-lane-article.ts";

// The fast lane's article step against real builds of the sample content (the embedded default): a
// body edit with a later "updated" date, rendered outside `gatsby build` (page, page data, the feed
// and the sitemap), is byte for byte what the next full build writes; so is a title edit, which
// redraws the article's card on every page that shows it; an edit that would move cards (its
// categories) is left to the full build.
const BUILD_TIMEOUT = 600_000;
const ARTICLE = "nbcJ3WP8KIzCjTCzKUnr";
const SLUG = "first-date-checklist";
const FILES = [
  `blogarticle/${SLUG}/index.html`,
  `page-data/blogarticle/${SLUG}/page-data.json`,
  "rss.xml",
  "sitemap.xml",
];
/** Later than every sample article's date: the article's and the list pages' day in the sitemap move. */
const UPDATED_ON = "2025-01-05T09:00:00.000Z";
const LANE = path.resolve(__dirname, "../../scripts/fast-lane-article.ts");
const WARM = path.resolve(__dirname, "../../scripts/fast-lane-warm.ts");

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Runs the fast lane for the article on the site in `site`, writing into a new folder. */
async function fastLane(
  site: string,
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; report: Record<string, unknown>; output: string }> {
  const out = await mkdtemp(path.join(tmpdir(), "fast-lane-out-"));
  dirs.push(out);
  const lane = await run(process.execPath, [LANE, "--site", site, "--out", out, "--document", ARTICLE], site, {
    ...gatsbyEnv({}),
    ...env,
  });
  const line = lane.stdout.trim().split("\n").pop() ?? "";
  if (!line.startsWith("{"))
    throw new Error(`the fast lane printed no report (${lane.code}):\n${lane.stdout}${lane.stderr}`);
  return {
    code: lane.code,
    out,
    report: JSON.parse(line) as Record<string, unknown>,
    output: lane.stdout + lane.stderr,
  };
}

test(
  "a body or title edit's files from the fast lane are byte for byte the next build's; new categories are left to the build",
  async () => {
    const first = await buildSite({});
    dirs.push(first.dir);
    expect(first.exitCode).toBe(0);
    const before = FILES.map((file) => readFileSync(path.join(first.publicDir, file)));
    // Compiled ahead (as the service does after a build of new code), the site's code is loaded by
    // the first lane from jiti's cache: jiti names no file it had to compile.
    const warm = await run(process.execPath, [WARM, "--site", first.dir], first.dir, gatsbyEnv({}));
    expect([warm.code, warm.stdout.trim().split("\n").pop()]).toEqual([0, expect.stringMatching(/^\{"compiled":8,/)]);

    await editBody(
      path.join(first.dir, "content", "blog"),
      ARTICLE,
      "Edited: “quotes”, é, 日本語 and 💘, &amp; <i>markup</i>.",
    );
    const file = path.join(first.dir, "content", "blog", `${SLUG}.json`);
    const edited = JSON.parse(readFileSync(file, "utf8")) as { title: string; updatedOn: string };
    expect(edited.updatedOn < UPDATED_ON).toBe(true);
    writeFileSync(file, JSON.stringify({ ...edited, updatedOn: UPDATED_ON }));
    const lane = await fastLane(first.dir, { JITI_DEBUG: "1" });
    expect(lane.report).toMatchObject({ rendered: true, pagePath: `/blogarticle/${SLUG}`, files: FILES });
    expect(lane.output).toContain("[hit]");
    expect(lane.output.split("\n").filter((text) => text.includes("[miss]"))).toEqual([]);
    expect(lane.code).toBe(0);
    const laneFiles = FILES.map((file) => readFileSync(path.join(lane.out, file)));
    // The edit reached every file: the new paragraph, the first paragraph's new description, the
    // feed's item, and the new day in the sitemap (the article's and the blog list pages').
    laneFiles.forEach((text, index) => expect(text.equals(before[index]!)).toBe(false));
    expect(laneFiles[0]!.toString()).toContain("Edited: “quotes”, é, 日本語 and 💘, &amp; markup. A first date");
    expect(laneFiles[2]!.toString()).toContain(
      "<p>Edited: “quotes”, é, 日本語 and 💘, &amp; <i>markup</i>.</p>]]></content:encoded>",
    );
    expect(laneFiles[3]!.toString()).toContain(`/blogarticle/${SLUG}</loc><lastmod>2025-01-05</lastmod>`);
    expect(laneFiles[3]!.toString()).toContain(`/blog/2</loc><lastmod>2025-01-05</lastmod>`);

    const second = await buildSite({}, { dir: first.dir });
    expect(second.exitCode).toBe(0);
    const differences = FILES.map((file, index) => [
      file,
      firstDifference(laneFiles[index]!, readFileSync(path.join(second.publicDir, file))) ?? "identical",
    ]);
    expect(differences).toEqual(FILES.map((file) => [file, "identical"]));

    // A new title redraws the article's card wherever it shows: its list page, the pages it is
    // similar on, the search index; all of it byte for byte what the next build writes.
    const article = JSON.parse(readFileSync(file, "utf8")) as { title: string };
    const title = `${article.title}: “edited”, é & 💘`;
    writeFileSync(file, JSON.stringify({ ...article, title }));
    // Half the pages in the command's second renderer (a worker thread), as on a large site.
    const retitled = await fastLane(first.dir, { FAST_LANE_PARALLEL_FROM: "2" });
    expect(retitled.code).toBe(0);
    expect(retitled.report.timings).toEqual(expect.objectContaining({ cardsElsewhere: expect.any(Number) }));
    const files = retitled.report.files as string[];
    // The sample article is on the first list page.
    expect(files).toEqual(expect.arrayContaining([...FILES.slice(0, 3), "page-data/blog/page-data.json"]));
    expect(files.filter((name) => /^page-data\/blogarticle\//.test(name)).length).toBeGreaterThan(1);
    expect(files.some((name) => name.startsWith("search/c/"))).toBe(true);
    expect(files.some((name) => name.startsWith("search/g/"))).toBe(true);
    const escaped = "edited”, é &amp; 💘";
    for (const name of files.filter((name) => name.endsWith(".html")))
      expect([name, readFileSync(path.join(retitled.out, name), "utf8").includes(escaped)]).toEqual([name, true]);
    const third = await buildSite({}, { dir: first.dir });
    expect(third.exitCode).toBe(0);
    const titleDifferences = files.map((name) => [
      name,
      firstDifference(readFileSync(path.join(retitled.out, name)), readFileSync(path.join(third.publicDir, name))) ??
        "identical",
    ]);
    expect(titleDifferences).toEqual(files.map((name) => [name, "identical"]));

    // One of the pages it is similar on is taken down (the service removes its page and page data);
    // the card index still names it. The next title edit passes over that page and redraws the rest.
    const similarData = files.find((name) => /^page-data\/blogarticle\//.test(name) && !name.includes(`/${SLUG}/`))!;
    const takenDown = similarData.replace(/^page-data\/(.*)\/page-data\.json$/, "$1/index.html");
    for (const name of [similarData, takenDown]) rmSync(path.join(third.publicDir, name));
    writeFileSync(file, JSON.stringify({ ...article, title: `${title} again` }));
    const afterTakedown = await fastLane(first.dir);
    expect(afterTakedown.report).toMatchObject({ rendered: true });
    const pagesOf = (names: string[]) => names.filter((name) => !name.startsWith("search/")).sort();
    expect(pagesOf(afterTakedown.report.files as string[])).toEqual(
      pagesOf(files).filter((name) => name !== similarData && name !== takenDown),
    );

    // A new category moves the article into other similar lists: left to the full build.
    const moved = JSON.parse(readFileSync(file, "utf8")) as { categories: string[] };
    writeFileSync(file, JSON.stringify({ ...moved, categories: [...moved.categories, "Fast Lane"] }));
    const refused = await fastLane(first.dir);
    expect(refused.code).toBe(LEFT_TO_FULL_BUILD);
    expect(refused.report).toEqual({ rendered: false, reason: expect.stringContaining('"categories" changed') });
  },
  BUILD_TIMEOUT * 3,
);

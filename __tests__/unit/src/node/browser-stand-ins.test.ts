/** @jest-environment node */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CreateWebpackConfigArgs } from "gatsby";
import {
  GATSBY_RUNTIME_STAND_INS,
  GATSBY_STAND_INS,
  SITE_STAND_IN,
  browserStandIns,
  browserStandInsOf,
  replacedPattern,
  siteStandIns,
} from "../../../../src/node/browser-stand-ins";

const ROOT = path.resolve(__dirname, "../../../..");
const GATSBY = path.join(ROOT, "node_modules", "gatsby");
const quiet = { warn: jest.fn() };

/** The replacements installed for the site at `root`: each pattern and the stand-in's path. */
function installed(root: string): [RegExp, string][] {
  const replacements: [RegExp, string][] = [];
  const plugins = {
    normalModuleReplacement: (pattern: RegExp, resource: string) => (replacements.push([pattern, resource]), {}),
  } as unknown as CreateWebpackConfigArgs["plugins"];
  expect(browserStandIns(root, plugins, quiet)).toHaveLength(replacements.length);
  return replacements;
}

/** Writes `files` (relative path -> text) into a new scratch site, and returns its folder. */
async function scratchSite(files: Record<string, string>): Promise<string> {
  const site = await mkdtemp(path.join(tmpdir(), "stand-ins-"));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
  return site;
}

describe("the site's browser stand-ins: any X.browser.tsx under src/ stands in for the X.tsx beside it", () => {
  const standIns = readdirSync(path.join(ROOT, "src"), { recursive: true, encoding: "utf8" })
    .map((name) => `src/${name.split(path.sep).join("/")}`)
    .filter((name) => /\.browser\.tsx?$/.test(name));

  it("finds the stand-ins there are", () => {
    expect(standIns).toEqual(
      expect.arrayContaining([
        "src/components/article-body/BuiltArticleBody.browser.tsx",
        "src/components/layout/PageHead.browser.tsx",
      ]),
    );
    expect(siteStandIns(ROOT).map(({ standIn }) => standIn)).toEqual([...standIns].sort());
  });

  it.each(standIns)("%s has its original beside it, and is swapped in for it", (standIn) => {
    const original = ["tsx", "ts"]
      .map((extension) => standIn.replace(SITE_STAND_IN, `.${extension}`))
      .find((file) => existsSync(path.join(ROOT, file)));
    expect(original).toBeDefined();
    const swaps = installed(ROOT).filter(([pattern]) => pattern.test(path.join(ROOT, original!)));
    expect(swaps).toEqual([[expect.any(RegExp), path.join(ROOT, standIn)]]);
  });

  it.each(standIns)(
    "%s is named in the head comment of the file it replaces, with the module swapping it",
    (standIn) => {
      const { file } = siteStandIns(ROOT).find((entry) => entry.standIn === standIn)!;
      const text = readFileSync(path.join(ROOT, file), "utf8");
      const head = text.slice(0, text.search(/^import /m));
      expect(head).toContain(path.basename(standIn));
      expect(head).toContain("src/node/browser-stand-ins.ts");
    },
  );

  it("match the replaced file by its whole path: a file of the same name elsewhere keeps its own", () => {
    const [pattern] = installed(ROOT).find(([, resource]) => resource.endsWith("PageHead.browser.tsx"))!;
    expect(pattern.test(path.join(ROOT, "src", "components", "layout", "PageHead.tsx"))).toBe(true);
    expect(pattern.test(path.join(ROOT, "packages", "x", "src", "components", "layout", "PageHead.tsx"))).toBe(false);
    expect(pattern.test(path.join(ROOT, "src", "components", "layout", "PageHead.browser.tsx"))).toBe(false);
  });

  it("needs no list: a stand-in added beside a module is swapped in", async () => {
    const site = await scratchSite({ "src/lib/clock.ts": "", "src/lib/clock.browser.ts": "" });
    expect(siteStandIns(site)).toEqual([{ file: "src/lib/clock.ts", standIn: "src/lib/clock.browser.ts" }]);
    expect(installed(site).at(-1)).toEqual([expect.any(RegExp), path.join(site, "src", "lib", "clock.browser.ts")]);
  });

  it("stops the build for a stand-in with nothing beside it to replace", async () => {
    const site = await scratchSite({ "src/lib/Clock.tsx": "", "src/lib/clok.browser.tsx": "" });
    expect(() => siteStandIns(site)).toThrow("src/lib/clok.browser.tsx must stand beside the one module it replaces");
  });
});

describe("Gatsby's runtime modules replaced in the production browser bundle", () => {
  it("are files of the installed Gatsby, so an upgrade that moves them is noticed", () => {
    for (const standIn of GATSBY_STAND_INS) {
      if (!("file" in standIn)) continue;
      // Gatsby copies cache-dir/ into the site's .cache/ before bundling.
      const source = standIn.file.startsWith(".cache/")
        ? path.join(GATSBY, "cache-dir", standIn.file.slice(".cache/".length))
        : path.join(ROOT, "node_modules", standIn.file);
      expect(existsSync(source)).toBe(true);
      expect(path.join(ROOT, standIn.file)).toMatch(replacedPattern(standIn));
    }
    // The partytown plugin is imported by its path from the site's .cache/; the pattern matches it there.
    const partytown = GATSBY_STAND_INS.find((standIn) => "file" in standIn && standIn.file.includes("partytown"))!;
    expect("../node_modules/gatsby/dist/internal-plugins/partytown/gatsby-browser.js").toMatch(
      replacedPattern(partytown),
    );
  });

  it("have stand-ins in src/gatsby-runtime/ that name, in their head comment, each Gatsby file they replace", () => {
    for (const standIn of GATSBY_STAND_INS) {
      expect(standIn.standIn).toMatch(/^src\/gatsby-runtime\/[^/]+\.ts$/);
      expect(standIn.standIn).not.toMatch(SITE_STAND_IN);
      const text = readFileSync(path.join(ROOT, standIn.standIn), "utf8");
      expect(text).toContain("src/node/browser-stand-ins.ts");
      expect(text).toContain("file" in standIn ? standIn.file : standIn.request);
    }
    expect(readdirSync(path.join(ROOT, "src", "gatsby-runtime")).sort()).toEqual(
      [...new Set(GATSBY_STAND_INS.map((standIn) => path.basename(standIn.standIn)))].sort(),
    );
  });

  it("are left to Gatsby, with a warning, on a version they were not written for; the site's stay", () => {
    const reporter = { warn: jest.fn() };
    expect(browserStandInsOf(ROOT, reporter, "5.16.1")).toHaveLength(
      GATSBY_STAND_INS.length + siteStandIns(ROOT).length,
    );
    expect(reporter.warn).not.toHaveBeenCalled();
    expect(browserStandInsOf(ROOT, reporter, "6.0.0")).toEqual(
      siteStandIns(ROOT).map(({ file, standIn }) => ({ file: path.join(ROOT, file), standIn })),
    );
    expect(reporter.warn).toHaveBeenCalledWith(expect.stringContaining(`Skipped ${GATSBY_RUNTIME_STAND_INS.what}`));
  });
});

describe("the list of match paths left out of the production browser bundle", () => {
  const matchPaths = GATSBY_STAND_INS.find((standIn) => "request" in standIn)!;

  it("is the request by which Gatsby's browser runtime imports it, matched before it is resolved", () => {
    const app = readFileSync(path.join(GATSBY, "cache-dir", "production-app.js"), "utf8");
    const request = /import matchPaths from "([^"]+)"/.exec(app)?.[1];
    expect(request).toBeDefined();
    expect(request).toMatch(replacedPattern(matchPaths));
    // Gatsby writes it under .cache; a pattern on the resolved path would have the JSON parser read the replacement.
    expect(path.join(ROOT, ".cache", "_this_is_virtual_fs_path_", "$virtual", "match-paths.json")).not.toMatch(
      replacedPattern(matchPaths),
    );
  });

  it("is replaced by the site's document-match-paths module", () => {
    expect(matchPaths.standIn).toBe("src/gatsby-runtime/document-match-paths.ts");
    const [, resource] = installed(ROOT).find(([pattern]) => pattern.test("$virtual/match-paths.json"))!;
    expect(resource).toBe(path.join(ROOT, matchPaths.standIn));
  });
});

/** @jest-environment node */
import { mkdir, rm, utimes, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Store } from "gatsby";
import { pagePolicy } from "../../../../../src/lib/csp-policy";
import {
  emulatorHostFromEnv,
  fileState,
  htmlFileOf,
  htmlFilesUnder,
  pageFileStatesOf,
  pagesThisBuildProduced,
  pagesToStamp,
  policyShape,
  STAMP_RECORD_KEY,
  type StampRecord,
} from "../../../../../src/node/html/html-to-finish";
import { builtHtmlFiles } from "../../../../support/built-html-files";

describe("the emulator host", () => {
  it("comes from the site's or the Admin SDK's variable, else there is none", () => {
    expect(
      emulatorHostFromEnv({ GATSBY_FIRESTORE_EMULATOR_HOST: "127.0.0.1:1", FIRESTORE_EMULATOR_HOST: "127.0.0.1:2" }),
    ).toBe("127.0.0.1:1");
    expect(emulatorHostFromEnv({ GATSBY_FIRESTORE_EMULATOR_HOST: "", FIRESTORE_EMULATOR_HOST: "127.0.0.1:2" })).toBe(
      "127.0.0.1:2",
    );
    expect(emulatorHostFromEnv({})).toBeUndefined();
  });
});

describe("the policy's shape", () => {
  it("is the page policy with a placeholder for the page's hashes, and changes with the emulator host", () => {
    expect(policyShape(undefined)).toBe(pagePolicy(["'sha256-<page>'"], undefined));
    expect(policyShape("127.0.0.1:8080")).toContain("127.0.0.1:8080");
    expect(policyShape("127.0.0.1:8080")).not.toBe(policyShape(undefined));
  });
});

describe("on files", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await builtHtmlFiles();
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("lists every .html file at any depth, and nothing else, leaving out Gatsby's slice fragments", async () => {
    expect(await htmlFilesUnder(dir)).toEqual([
      path.join(dir, "bare.html"),
      path.join(dir, "blog", "2", "index.html"),
      path.join(dir, "index.html"),
    ]);
  });

  it("finds a page's HTML file where Gatsby writes it", () => {
    const { generateHtmlPath } = createRequire(require.resolve("gatsby"))("gatsby-core-utils/dist/page-html") as {
      generateHtmlPath: (dir: string, pagePath: string) => string;
    };
    for (const pagePath of [
      "/",
      "/404",
      "/404.html",
      "/blog/2",
      "/blogarticle/[...slug]",
      "/blogarticle/first-date-checklist",
    ]) {
      expect(htmlFileOf(dir, pagePath)).toBe(generateHtmlPath(dir, pagePath));
    }
  });

  it("lists a build's pages from Gatsby's store, those whose file exists, sorted; outside a build, the files under the folder", async () => {
    const storeWith = (paths: string[]) => ({
      getState: () => ({ pages: new Map(paths.map((pagePath) => [pagePath, { path: pagePath }])) }),
    });
    expect([...(await pageFileStatesOf(dir, storeWith(["/blog/2", "/", "/not-written", "/"]))).keys()]).toEqual([
      path.join(dir, "blog", "2", "index.html"),
      path.join(dir, "index.html"),
    ]);
    expect([...(await pageFileStatesOf(dir, { getState: () => ({}) })).keys()]).toEqual(await htmlFilesUnder(dir));
  });

  it("measures a file's modification time and size, and nothing for a folder or a missing file", async () => {
    const past = new Date("2020-01-01T00:00:00Z");
    await utimes(path.join(dir, "index.html"), past, past);
    expect(await fileState(path.join(dir, "index.html"))).toEqual([past.getTime(), 62]);
    expect(await fileState(path.join(dir, "blog"))).toBeUndefined();
    expect(await fileState(path.join(dir, "missing.html"))).toBeUndefined();
  });

  describe("pagesToStamp", () => {
    const files = () => [path.join(dir, "bare.html"), path.join(dir, "index.html")];
    /** The record the last run would have left for the pages as they are now. */
    const recordOfNow = async (policy: string): Promise<StampRecord> => ({
      policy,
      files: Object.fromEntries(
        await Promise.all(files().map(async (file) => [path.relative(dir, file), (await fileState(file))!])),
      ),
    });

    it("is every page without a record, or when the policy changed", async () => {
      expect(await pagesToStamp(dir, files(), undefined, "p")).toEqual(files());
      expect(await pagesToStamp(dir, files(), await recordOfNow("old"), "new")).toEqual(files());
    });

    it("is the pages written or changed since the record, and those the record does not know", async () => {
      const record = await recordOfNow("p");
      expect(await pagesToStamp(dir, files(), record, "p")).toEqual([]);
      await writeFile(path.join(dir, "index.html"), "<html><head></head></html>");
      expect(await pagesToStamp(dir, files(), record, "p")).toEqual([path.join(dir, "index.html")]);
      const newPage = path.join(dir, "blog", "2", "index.html");
      expect(await pagesToStamp(dir, [...files(), newPage], record, "p")).toEqual([
        path.join(dir, "index.html"),
        newPage,
      ]);
    });

    it("trusts the states it is handed, measuring only the others", async () => {
      const record = await recordOfNow("p");
      const known = new Map([[path.join(dir, "index.html"), [1, 1] as [number, number]]]);
      expect(await pagesToStamp(dir, files(), record, "p", known)).toEqual([path.join(dir, "index.html")]);
    });
  });

  it("pagesThisBuildProduced finds the site's pages, the changed ones, and the record and policy they go by", async () => {
    const siteDir = path.join(dir, "site");
    await mkdir(path.join(siteDir, "public"), { recursive: true });
    await writeFile(path.join(siteDir, "public", "index.html"), "<html><head></head></html>");
    const store = { getState: () => ({ program: { directory: siteDir } }) } as unknown as Store;
    const first = await pagesThisBuildProduced({ store, cache: { get: async () => undefined } });
    const page = path.join(siteDir, "public", "index.html");
    expect(first).toEqual({
      dir: path.join(siteDir, "public"),
      files: [page],
      changed: [page],
      previous: undefined,
      policy: policyShape(emulatorHostFromEnv()),
      emulatorHost: emulatorHostFromEnv(),
    });
    const record = { policy: first.policy, files: { "index.html": (await fileState(page))! } };
    const cache = { get: async (key: string) => (key === STAMP_RECORD_KEY ? record : undefined) };
    expect(await pagesThisBuildProduced({ store, cache })).toMatchObject({ changed: [], previous: record });
  });
});

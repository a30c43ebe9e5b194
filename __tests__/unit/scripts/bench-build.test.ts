/** @jest-environment node */
import { createHash } from "node:crypto";
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { writeBaselineSite } from "../../../scripts/lib/bench/baseline-site";
import { readBuildOutput } from "../../../scripts/lib/bench/builds";
import { folderSize } from "../../../scripts/lib/bench/filled-store";
import {
  drawUniqueCovers,
  editedFields,
  generatedArticle,
  generatedArticleId,
  uniqueCoverName,
  uniqueCoverSvg,
} from "../../../scripts/generate-articles";

// What the build benchmark reads and writes, not what it measures: timings are never asserted.

describe("readBuildOutput", () => {
  const output = [
    "success source and transform nodes - 1.250s",
    "info [gatsby-source-firestore] blogMetaData: 1 documents read from Firestore (incremental)",
    'info [gatsby-source-firestore] 1000 published articles from Firestore project "bench"',
    "info [image store] 1000 covers: 0 encodings made, 0 failed, 0 files linked into public/ (0.4 s, store /tmp/store)",
    "success createPages - 0.512s",
    "success run queries in workers - 2.451s - 3/1035 1.22/s",
    "success Building static HTML for pages - 6.653s - 2/2 1.20/s",
    "success onPostBuild - 1.185s",
    "Built pages:",
    "Updated page: /blog/3",
    "Updated page: /blogarticle/generated-00500-trust",
  ].join("\n");

  it("reads the queries run, the pages rendered, the documents read, the images encoded and the phases", () => {
    expect(readBuildOutput(output)).toEqual({
      queries: "3/1035",
      htmlPages: 2,
      documentsRead: 1,
      encodings: 0,
      phases: {
        "source and transform nodes": 1.25,
        createPages: 0.512,
        "run queries in workers": 2.451,
        "Building static HTML for pages": 6.653,
        onPostBuild: 1.185,
      },
    });
  });

  it("says n/a (null) for documents read when the source plugin does not report them, and 0 queries when none ran", () => {
    expect(
      readBuildOutput("info [gatsby-source-firestore] 24 published articles from the sample content"),
    ).toMatchObject({ queries: "0", htmlPages: 0, documentsRead: null });
  });
});

describe("folderSize", () => {
  it("counts every file's bytes under the folder, and apart those of files hard-linked from elsewhere (the image store)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "size-"));
    try {
      mkdirSync(path.join(dir, "public", "static", "k"), { recursive: true });
      writeFileSync(path.join(dir, "public", "page.html"), "x".repeat(100));
      writeFileSync(path.join(dir, "store.webp"), "y".repeat(1000));
      linkSync(path.join(dir, "store.webp"), path.join(dir, "public", "static", "k", "480x300.webp"));
      expect(folderSize(path.join(dir, "public"))).toEqual({ bytes: 1100, linkedBytes: 1000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the text-only baseline site", () => {
  it("has one JSON post per article, a template, and Gatsby's configuration", () => {
    const dir = writeBaselineSite(12);
    try {
      expect(readdirSync(path.join(dir, "content", "posts"))).toHaveLength(12);
      for (const file of ["package.json", "gatsby-config.ts", "gatsby-node.ts", "src/templates/post.tsx"])
        expect(readFileSync(path.join(dir, file), "utf8").length).toBeGreaterThan(0);
      expect(readdirSync(path.join(dir, "node_modules"))).toContain("gatsby");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("generated articles", () => {
  it("with unique covers, each article names its own cover", () => {
    const covers = [0, 1, 2].map(
      (i) => generatedArticle(i, "http://127.0.0.1:9/c/", uniqueCoverName).data.featureImage,
    );
    expect(covers).toEqual([
      "http://127.0.0.1:9/c/cover-000000.webp",
      "http://127.0.0.1:9/c/cover-000001.webp",
      "http://127.0.0.1:9/c/cover-000002.webp",
    ]);
  });

  it("draws a different picture for every article, as a 1200×675 WebP", async () => {
    expect(new Set(Array.from({ length: 300 }, (_, i) => uniqueCoverSvg(i))).size).toBe(300);
    const dir = mkdtempSync(path.join(tmpdir(), "covers-"));
    try {
      await drawUniqueCovers(dir, 3);
      const files = readdirSync(dir).sort();
      expect(files).toEqual([0, 1, 2].map(uniqueCoverName));
      const bytes = files.map((file) => readFileSync(path.join(dir, file)));
      expect(new Set(bytes.map((b) => createHash("sha256").update(b).digest("hex"))).size).toBe(3);
      expect(await sharp(bytes[0]).metadata()).toMatchObject({ format: "webp", width: 1200, height: 675 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an edit changes the title and the first paragraph, and leaves lastUpdate to the article", () => {
    const { data } = generatedArticle(7, "http://127.0.0.1:9/", ["a.webp"]);
    const edit = editedFields(7, "now");
    expect(Object.keys(edit).sort()).toEqual(["content", "title"]);
    expect(edit.title).not.toBe(data.title);
    expect(
      edit.content.blocks.filter((block, i) => JSON.stringify(block) !== JSON.stringify(data.content.blocks[i])),
    ).toHaveLength(1);
    expect(generatedArticleId(7)).toBe(generatedArticle(7, "http://127.0.0.1:9/", ["a.webp"]).id);
  });
});

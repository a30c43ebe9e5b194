/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ParentSpanPluginArgs } from "gatsby";
import { onPreBootstrap } from "../../../../../plugins/gatsby-source-firestore/src/publish-local-images";
import { LOCAL_IMAGES_PUBLIC_PATH } from "../../../../../plugins/gatsby-source-firestore/src/read-local";

let site: string;
beforeEach(() => {
  site = mkdtempSync(path.join(tmpdir(), "local-images-"));
});
afterEach(() => rmSync(site, { recursive: true, force: true }));

const bootstrap = (localContentDir: string | undefined) =>
  onPreBootstrap!(
    { store: { getState: () => ({ program: { directory: site } }) } } as unknown as ParentSpanPluginArgs,
    { plugins: [], localContentDir },
    () => undefined,
  );

describe("onPreBootstrap", () => {
  it("copies the sample content's images, folders and all, to where article bodies point in public/", async () => {
    const content = path.join(site, "content", "blog");
    mkdirSync(path.join(content, "images", "people"), { recursive: true });
    writeFileSync(path.join(content, "images", "cover.webp"), "cover");
    writeFileSync(path.join(content, "images", "people", "maya.webp"), "maya");
    await bootstrap(content);
    const published = path.join(site, "public", LOCAL_IMAGES_PUBLIC_PATH);
    expect(LOCAL_IMAGES_PUBLIC_PATH).toBe("/blog-images");
    expect(readFileSync(path.join(published, "cover.webp"), "utf8")).toBe("cover");
    expect(readFileSync(path.join(published, "people", "maya.webp"), "utf8")).toBe("maya");
  });

  it("publishes nothing when the content has no images folder, or the site reads Firestore", async () => {
    mkdirSync(path.join(site, "content"));
    await bootstrap(path.join(site, "content"));
    await bootstrap(undefined);
    expect(existsSync(path.join(site, "public"))).toBe(false);
  });
});

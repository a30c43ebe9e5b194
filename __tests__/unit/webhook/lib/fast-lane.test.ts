/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  codeDigest,
  keepLaneInputs,
  LANE_COMMAND,
  laneDirOf,
  laneProblem,
  renderOne,
} from "../../../../webhook/lib/fast-lane.ts";

let dir: string;
const put = (file: string, text: string): void => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "fast-lane-unit-"));
  for (const root of ["workspace", "project"]) {
    put(path.join(dir, root, "package.json"), "{}");
    put(path.join(dir, root, "src", "page.tsx"), "export default 1;");
  }
  put(path.join(dir, "workspace", ".cache", "page-ssr", "routes", "render-page.js"), "bundle");
  put(path.join(dir, "workspace", ".image-store", "images", "cover.webp"), "image");
  put(path.join(dir, "workspace", "public", "index.html"), "workspace output");
  put(path.join(dir, "release", "site", "index.html"), "release output");
  mkdirSync(path.join(dir, "project", "content"));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("keepLaneInputs", () => {
  it("links the code and the image store, copies page-ssr, and points public at the release's own site", async () => {
    const kept = await keepLaneInputs(
      path.join(dir, "workspace"),
      path.join(dir, "release"),
      path.join(dir, "project"),
    );
    const lane = laneDirOf(path.join(dir, "release"));
    const inode = (file: string) => statSync(file).ino;
    expect(inode(path.join(lane, "src", "page.tsx"))).toBe(inode(path.join(dir, "workspace", "src", "page.tsx")));
    expect(inode(path.join(lane, ".image-store", "images", "cover.webp"))).toBe(
      inode(path.join(dir, "workspace", ".image-store", "images", "cover.webp")),
    );
    const bundle = path.join(".cache", "page-ssr", "routes", "render-page.js");
    expect(readFileSync(path.join(lane, bundle), "utf8")).toBe("bundle");
    expect(inode(path.join(lane, bundle))).not.toBe(inode(path.join(dir, "workspace", bundle)));
    expect(readFileSync(path.join(lane, "public", "index.html"), "utf8")).toBe("release output");
    expect(realpathSync(path.join(lane, "content"))).toBe(realpathSync(path.join(dir, "project", "content")));
    expect(kept.linked).toBe(3);
  });
});

describe("laneProblem", () => {
  it("accepts the project while its code is the code the release was built with", async () => {
    expect(laneProblem(path.join(dir, "release"), path.join(dir, "project"))).toMatch(/keeps no renderer/);
    await keepLaneInputs(path.join(dir, "workspace"), path.join(dir, "release"), path.join(dir, "project"));
    expect(laneProblem(path.join(dir, "release"), path.join(dir, "project"))).toBeNull();
    // Content is not code: an edit does not stop the lane.
    put(path.join(dir, "project", "content", "blog", "a.json"), "{}");
    expect(laneProblem(path.join(dir, "release"), path.join(dir, "project"))).toBeNull();
    put(path.join(dir, "project", "src", "page.tsx"), "export default 2;");
    expect(laneProblem(path.join(dir, "release"), path.join(dir, "project"))).toMatch(/code changed/);
  });

  it("digests the code by path and content", () => {
    const before = codeDigest(path.join(dir, "project"));
    expect(codeDigest(path.join(dir, "workspace"))).toBe(before);
    put(path.join(dir, "project", "src", "other.ts"), "");
    expect(codeDigest(path.join(dir, "project"))).not.toBe(before);
  });
});

describe("renderOne", () => {
  const lane = () => path.join(dir, "lane");
  const command = (body: string) => put(path.join(lane(), LANE_COMMAND), body);
  const options = { env: process.env, timeoutMs: 10_000, onOutput: () => undefined };

  it("reads the command's report: rendered, left to the full build, or failed", async () => {
    command(
      `process.stdout.write("noise\\n" + JSON.stringify({ rendered: true, pagePath: "/blogarticle/a", files: ["x"] }) + "\\n");`,
    );
    expect(await renderOne(lane(), "doc", path.join(dir, "out"), options)).toEqual({
      rendered: true,
      pagePath: "/blogarticle/a",
      files: ["x"],
    });
    command(`console.log(JSON.stringify({ rendered: false, reason: '"title" changed' })); process.exit(3);`);
    expect(await renderOne(lane(), "doc", path.join(dir, "out"), options)).toEqual({
      rendered: false,
      reason: '"title" changed',
    });
    command(`process.exit(1);`);
    expect(await renderOne(lane(), "doc", path.join(dir, "out"), options)).toEqual({
      failed: true,
      reason: "the fast-lane command exited 1",
    });
  });
});

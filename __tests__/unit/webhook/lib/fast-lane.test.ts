/** @jest-environment node */
import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  codeDigest,
  keepLaneInputs,
  LANE_COMMAND,
  laneCodeRootOf,
  laneDirOf,
  laneProblem,
  layLaneFilesOver,
  pruneLaneCode,
  renderOne,
  WARM_COMMAND,
  warmLaneCode,
} from "../../../../webhook/lib/fast-lane.ts";
import { Releases, type Release } from "../../../../webhook/lib/releases.ts";

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
  put(path.join(dir, "workspace", ".cache", "fast-lane", "cards.json"), "{}");
  put(path.join(dir, "workspace", "public", "index.html"), "workspace output");
  put(path.join(dir, "release", "site", "index.html"), "release output");
  mkdirSync(path.join(dir, "project", "content"));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("keepLaneInputs", () => {
  const keep = (release: string) =>
    keepLaneInputs(path.join(dir, "workspace"), path.join(dir, release), path.join(dir, "project"), codeRoot());
  const codeRoot = () => path.join(dir, "lane-code");

  it("links the code and the image store, copies page-ssr and the card index, and points public at the release's own site", async () => {
    const kept = await keep("release");
    const lane = laneDirOf(path.join(dir, "release"));
    const inode = (file: string) => statSync(file).ino;
    expect(inode(path.join(lane, "src", "page.tsx"))).toBe(inode(path.join(dir, "workspace", "src", "page.tsx")));
    expect(inode(path.join(lane, ".image-store", "images", "cover.webp"))).toBe(
      inode(path.join(dir, "workspace", ".image-store", "images", "cover.webp")),
    );
    const bundle = path.join(".cache", "page-ssr", "routes", "render-page.js");
    expect(readFileSync(path.join(lane, bundle), "utf8")).toBe("bundle");
    expect(inode(path.join(lane, bundle))).not.toBe(inode(path.join(dir, "workspace", bundle)));
    // The card index too, copied: the next build writes it in place.
    const cards = path.join(".cache", "fast-lane", "cards.json");
    expect(readFileSync(path.join(lane, cards), "utf8")).toBe("{}");
    expect(inode(path.join(lane, cards))).not.toBe(inode(path.join(dir, "workspace", cards)));
    expect(readFileSync(path.join(lane, "public", "index.html"), "utf8")).toBe("release output");
    expect(realpathSync(path.join(lane, "content"))).toBe(realpathSync(path.join(dir, "project", "content")));
    expect(kept.linked).toBe(3);
  });

  it("keeps each version of the code once, where every release built from it finds it by one real path", async () => {
    expect((await keep("release")).newCode).toBe(true);
    const second = await keep("second");
    expect(second.newCode).toBe(false);
    const realSource = (release: string) =>
      realpathSync(path.join(laneDirOf(path.join(dir, release)), "src", "page.tsx"));
    // The same version: the same folder, and only the image store linked again.
    expect(realSource("second")).toBe(realSource("release"));
    expect(realSource("release").startsWith(realpathSync(codeRoot()))).toBe(true);
    expect(second.linked).toBe(1);
    // The code folder has what the command resolves from a real path: dependencies, sample content.
    const version = path.dirname(path.dirname(realSource("release")));
    expect(realpathSync(path.join(version, "content"))).toBe(realpathSync(path.join(dir, "project", "content")));
    // A sync replaces a file of the workspace: the kept version keeps the built text.
    rmSync(path.join(dir, "workspace", "src", "page.tsx"));
    put(path.join(dir, "workspace", "src", "page.tsx"), "export default 2;");
    await keep("third");
    expect(readFileSync(realSource("release"), "utf8")).toBe("export default 1;");
    expect(readFileSync(realSource("third"), "utf8")).toBe("export default 2;");
    expect(realSource("third")).not.toBe(realSource("release"));
  });
});

describe("pruneLaneCode", () => {
  it("removes the versions of the code no release's lane folder names, and what was left half made", async () => {
    const releases = new Releases(path.join(dir, "builds"), path.join(dir, "publish"));
    const keep = (id: string) =>
      keepLaneInputs(
        path.join(dir, "workspace"),
        releases.folder(id),
        path.join(dir, "project"),
        laneCodeRootOf(releases.dir),
      );
    put(path.join(releases.siteDir("r1"), "index.html"), "one");
    await keep("r1");
    const first = readdirSync(laneCodeRootOf(releases.dir));
    rmSync(path.join(dir, "workspace", "src", "page.tsx"));
    put(path.join(dir, "workspace", "src", "page.tsx"), "export default 2;");
    put(path.join(releases.siteDir("r2"), "index.html"), "two");
    await keep("r2");
    mkdirSync(path.join(laneCodeRootOf(releases.dir), "abc.1.2.making"));
    expect(pruneLaneCode(releases)).toEqual(["abc.1.2.making"]);
    releases.remove("r1");
    expect(pruneLaneCode(releases)).toEqual(first);
    // A version being kept while a prune runs (a fast lane's publish prunes during a build) stays.
    rmSync(path.join(dir, "workspace", "src", "page.tsx"));
    put(path.join(dir, "workspace", "src", "page.tsx"), "export default 3;");
    put(path.join(releases.siteDir("r3"), "index.html"), "three");
    const keeping = keep("r3");
    expect(pruneLaneCode(releases)).toEqual([]);
    await keeping;
    expect(readFileSync(path.join(laneDirOf(releases.folder("r3")), "src", "page.tsx"), "utf8")).toBe(
      "export default 3;",
    );
    expect(readFileSync(path.join(laneDirOf(releases.folder("r2")), "src", "page.tsx"), "utf8")).toBe(
      "export default 2;",
    );
  });
});

describe("laneProblem", () => {
  it("accepts the project while its code is the code the release was built with", async () => {
    expect(laneProblem(path.join(dir, "release"), path.join(dir, "project"))).toMatch(/keeps no renderer/);
    await keepLaneInputs(
      path.join(dir, "workspace"),
      path.join(dir, "release"),
      path.join(dir, "project"),
      path.join(dir, "lane-code"),
    );
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
      laneFiles: [],
    });
    // A move names the lane folder's files it changed too.
    command(
      `console.log(JSON.stringify({ rendered: true, pagePath: "/blogarticle/a", files: ["x"], laneFiles: [".cache/r.json"] }));`,
    );
    expect(await renderOne(lane(), "doc", path.join(dir, "out"), options)).toMatchObject({
      laneFiles: [".cache/r.json"],
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

describe("renderOne, a long report", () => {
  const lane = () => path.join(dir, "lane");
  const command = (body: string) => put(path.join(lane(), LANE_COMMAND), body);

  it("reads a report of thousands of files from stdout alone, whole, whatever stderr says between its chunks", async () => {
    // Half the line, then a warning on stderr, then the rest: the two pipes arrive interleaved.
    command(
      [
        `const files = Array.from({ length: 5000 }, (_, i) => "page-data/blogarticle/é-" + i + "/page-data.json");`,
        `const line = JSON.stringify({ rendered: true, pagePath: "/blogarticle/a", files }) + "\\n";`,
        `process.stdout.write(line.slice(0, 100000), () => {`,
        `  process.stderr.write("a warning\\n", () => setTimeout(() => process.stdout.write(line.slice(100000)), 100));`,
        `});`,
      ].join("\n"),
    );
    let output = "";
    const result = await renderOne(lane(), "doc", path.join(dir, "out"), {
      env: process.env,
      timeoutMs: 10_000,
      onOutput: (text) => (output += text),
    });
    expect(result).toMatchObject({ rendered: true, pagePath: "/blogarticle/a" });
    expect("files" in result && result.files.at(-1)).toBe("page-data/blogarticle/é-4999/page-data.json");
    // The log still gets both.
    expect(output).toContain("a warning");
  });
});

describe("layLaneFilesOver", () => {
  const PAGE = "blogarticle/a/index.html";
  const DATA = "page-data/blogarticle/a/page-data.json";
  let releases: Releases;
  const release = (id: string, record: Partial<Release>, files: Record<string, string>): void => {
    for (const [file, text] of Object.entries(files)) put(path.join(releases.siteDir(id), file), text);
    const whole: Release = { id, reason: "test", triggeredAt: "", finishedAt: id, articles: 1, ...record };
    writeFileSync(path.join(releases.folder(id), "build.json"), JSON.stringify(whole));
  };

  beforeEach(() => {
    releases = new Releases(path.join(dir, "builds"), path.join(dir, "published"));
    mkdirSync(releases.dir, { recursive: true });
  });

  it("lays the pages of fast lanes newer than a build's data over it, the newest last; older lanes not", () => {
    const lane = (renderedAt: string, text: string): Partial<Release> & { text: string } => ({
      lane: "fast",
      renderedAt,
      files: [PAGE, DATA],
      text,
    });
    const older = lane("2026-11-27T10:00:00.000Z", "older");
    release("1-older-lane", older, { [PAGE]: "older page", [DATA]: "older data" });
    release("2-lane", lane("2026-11-27T10:05:00.000Z", "new"), { [PAGE]: "new page", [DATA]: "new data" });
    release(
      "3-newest-lane",
      { ...lane("2026-11-27T10:06:00.000Z", "newest"), files: [PAGE] },
      { [PAGE]: "newest page" },
    );
    // A full build that read the data at 10:02 and holds what it read then; its page is shared with an
    // older release by a hard link, which must not be written through.
    release("0-base", { lane: "full" }, { [PAGE]: "base page", [DATA]: "base data", "index.html": "home" });
    put(path.join(releases.siteDir("4-build"), "index.html"), "home");
    mkdirSync(path.dirname(path.join(releases.siteDir("4-build"), PAGE)), { recursive: true });
    linkSync(path.join(releases.siteDir("0-base"), PAGE), path.join(releases.siteDir("4-build"), PAGE));
    put(path.join(releases.siteDir("4-build"), DATA), "build data");

    const laid = layLaneFilesOver(releases, "4-build", "2026-11-27T10:02:00.000Z");

    expect(laid.sort()).toEqual([PAGE, DATA].sort());
    const read = (id: string, file: string): string => readFileSync(path.join(releases.siteDir(id), file), "utf8");
    expect(read("4-build", PAGE)).toBe("newest page");
    expect(read("4-build", DATA)).toBe("new data");
    expect(read("4-build", "index.html")).toBe("home");
    expect(read("0-base", PAGE)).toBe("base page"); // replaced, not written through the link
  });

  it("lays nothing over a build that read the data after every lane", () => {
    release("1-lane", { lane: "fast", renderedAt: "2026-11-27T10:00:00.000Z", files: [PAGE] }, { [PAGE]: "lane" });
    put(path.join(releases.siteDir("2-build"), PAGE), "build");
    expect(layLaneFilesOver(releases, "2-build", "2026-11-27T10:01:00.000Z")).toEqual([]);
    expect(readFileSync(path.join(releases.siteDir("2-build"), PAGE), "utf8")).toBe("build");
  });
});

describe("warmLaneCode", () => {
  const lane = () => path.join(dir, "lane");
  const command = (body: string) => put(path.join(lane(), WARM_COMMAND), body);

  it("runs the lane folder's compiling command there, and says how it went", async () => {
    command(`process.stdout.write(process.cwd() + "\\n" + JSON.stringify({ compiled: 8, ms: 1871 }) + "\\n");`);
    expect(await warmLaneCode(lane(), process.env).done).toBe(
      "compiled the fast lane's code ahead: 8 modules in 1871 ms",
    );
    command(`process.exit(1);`);
    expect(await warmLaneCode(lane(), process.env).done).toBe(
      "compiling the fast lane's code ahead exited 1; its first lane compiles it",
    );
    command(`setTimeout(() => undefined, 60_000);`);
    const stopped = warmLaneCode(lane(), process.env);
    stopped.run.cancel();
    expect(await stopped.done).toBe("compiling the fast lane's code ahead was stopped; its first lane compiles it");
  });
});

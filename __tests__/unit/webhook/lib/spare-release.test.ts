/** @jest-environment node */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LANE_COMMAND, laneDirOf } from "../../../../webhook/lib/fast-lane.ts";
import { Releases } from "../../../../webhook/lib/releases.ts";
import { SPARE_DIR, SpareRelease } from "../../../../webhook/lib/spare-release.ts";

// The spare release: the published release hard-linked ahead of time, taken whole by the next fast
// lane or take-down, never taken for another release or for one published again since, and never a
// way to write into the live release's files.

let dir: string;
let releases: Releases;
let spare: SpareRelease;
let logged: string[];
const buildsDir = () => path.join(dir, "builds");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "spare-release-"));
  mkdirSync(path.join(buildsDir(), "releases"), { recursive: true });
  releases = new Releases(buildsDir(), path.join(dir, "served"));
  logged = [];
  spare = new SpareRelease(buildsDir(), releases, (line) => logged.push(line));
  releases.onPublished = () => spare.prepare();
});

afterEach(async () => {
  await spare.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A complete release with `pages` article pages, and a lane folder when `renderer`. */
function release(id: string, { pages = 3, renderer = true } = {}): void {
  const site = releases.siteDir(id);
  for (let page = 0; page < pages; page++) {
    mkdirSync(path.join(site, "blogarticle", `a-${page}`), { recursive: true });
    writeFileSync(path.join(site, "blogarticle", `a-${page}`, "index.html"), `${id} page ${page}`);
  }
  writeFileSync(path.join(site, "rss.xml"), `${id} feed`);
  if (renderer) {
    const lane = laneDirOf(releases.folder(id));
    mkdirSync(path.join(lane, path.dirname(LANE_COMMAND)), { recursive: true });
    writeFileSync(path.join(lane, LANE_COMMAND), "// the lane's command");
    writeFileSync(path.join(lane, "lane.json"), "{}");
  }
  writeFileSync(path.join(releases.folder(id), "build.json"), "{}");
}

/** Waits until the spare being made is whole: takeInto waits for it, so a probe release takes it. */
const inode = (file: string): number => statSync(file).ino;

describe("SpareRelease", () => {
  it("links the published release ahead, and a new release takes it whole, less the files it replaces", async () => {
    release("r1");
    releases.publish("r1");
    expect(spare.folder).toBe(path.join(buildsDir(), SPARE_DIR, `r1.${releases.generation}`));
    const taken = await spare.takeInto("r1", releases.folder("r2"), ["blogarticle/a-1", "rss.xml"]);
    expect(taken).toEqual({ linked: 2, lane: true });
    const site = releases.siteDir("r2");
    // Shared with the live release: the same files, not copies.
    expect(inode(path.join(site, "blogarticle/a-0/index.html"))).toBe(
      inode(path.join(releases.siteDir("r1"), "blogarticle/a-0/index.html")),
    );
    expect(inode(path.join(laneDirOf(releases.folder("r2")), LANE_COMMAND))).toBe(
      inode(path.join(laneDirOf(releases.folder("r1")), LANE_COMMAND)),
    );
    // What it replaces is gone from the new release only; writing it anew leaves the live one alone.
    expect(existsSync(path.join(site, "blogarticle/a-1"))).toBe(false);
    expect(existsSync(path.join(site, "rss.xml"))).toBe(false);
    writeFileSync(path.join(site, "rss.xml"), "r2 feed");
    expect(readFileSync(path.join(releases.siteDir("r1"), "rss.xml"), "utf8")).toBe("r1 feed");
    expect(readFileSync(path.join(releases.siteDir("r1"), "blogarticle/a-1/index.html"), "utf8")).toBe("r1 page 1");
    // Taken once: the next release links on its own until the next publish.
    expect(readdirSync(path.join(buildsDir(), SPARE_DIR))).toEqual([]);
    expect(await spare.takeInto("r1", releases.folder("r3"), [])).toBeNull();
  });

  it("is not taken for another release, nor for the same release published again since", async () => {
    release("r1");
    release("r2");
    releases.publish("r1");
    const first = spare.folder!;
    expect(await spare.takeInto("r2", releases.folder("x1"), [])).toBeNull();
    // A rollback to r1 may have removed files from it before publishing it again.
    releases.publish("r1");
    expect(spare.folder).not.toBe(first);
    rmSync(path.join(releases.siteDir("r1"), "blogarticle/a-2"), { recursive: true });
    const taken = await spare.takeInto("r1", releases.folder("x2"), []);
    expect(taken?.linked).toBe(3);
    expect(existsSync(path.join(releases.siteDir("x2"), "blogarticle/a-2"))).toBe(false);
    // The spare made for the first publish was thrown away.
    await spare.stop();
    expect(existsSync(first)).toBe(false);
  });

  it("is not taken after a restore, and a release without a renderer makes a spare without one", async () => {
    release("r1", { renderer: false });
    release("r2");
    releases.publish("r2");
    releases.restore(releases.siteDir("r1")); // a failed deploy puts the previous release back
    expect(await spare.takeInto("r2", releases.folder("x1"), [])).toBeNull();
    expect(await spare.takeInto("r1", releases.folder("x2"), [])).toEqual({ linked: 4, lane: false });
    expect(existsSync(laneDirOf(releases.folder("x2")))).toBe(false);
  });

  it("logs a spare it could not make, and the caller links on its own", async () => {
    releases.publish("missing"); // no site folder to link
    expect(await spare.takeInto("missing", releases.folder("x1"), [])).toBeNull();
    expect(logged).toEqual([expect.stringMatching(/^Spare release of missing not made: ENOENT/)]);
  });

  it("linkInto takes the spare when there is one, and links the release itself, renderer too, when not", async () => {
    release("r1");
    releases.publish("r1");
    expect(await spare.linkInto("r1", releases.folder("x1"), ["rss.xml"])).toEqual({ linked: 3, spare: true });
    // Taken: the next release is linked here, less what it names, with the lane folder beside it.
    expect(await spare.linkInto("r1", releases.folder("x2"), ["blogarticle/a-0"])).toEqual({ linked: 3, spare: false });
    expect(existsSync(path.join(releases.siteDir("x2"), "blogarticle/a-0"))).toBe(false);
    expect(inode(path.join(releases.siteDir("x2"), "rss.xml"))).toBe(
      inode(path.join(releases.siteDir("r1"), "rss.xml")),
    );
    expect(inode(path.join(laneDirOf(releases.folder("x2")), LANE_COMMAND))).toBe(
      inode(path.join(laneDirOf(releases.folder("r1")), LANE_COMMAND)),
    );
    release("r2", { renderer: false });
    await spare.stop();
    expect(await spare.linkInto("r2", releases.folder("x3"), [])).toEqual({ linked: 4, spare: false });
    expect(existsSync(laneDirOf(releases.folder("x3")))).toBe(false);
  });

  it("makeRelease makes the spare again when the release it went into is never published", async () => {
    release("r1");
    releases.publish("r1");
    const published = releases.generation;
    // Taken, then the release fails before its publish: nothing publishes, so no publish asks for a spare.
    await expect(
      spare.makeRelease("r1", releases.folder("x1"), ["rss.xml"], async (made) => {
        expect(made).toEqual({ linked: 3, spare: true });
        throw new Error("ENOSPC: no space left on device");
      }),
    ).rejects.toThrow("ENOSPC");
    releases.remove("x1");
    expect(spare.folder).toBe(path.join(buildsDir(), SPARE_DIR, `r1.${published}`));
    expect(await spare.linkInto("r1", releases.folder("x2"), [])).toEqual({ linked: 4, spare: true });
    // Published: the publish begins the spare of the new release, and makeRelease leaves it alone.
    const answer = await spare.makeRelease("r1", releases.folder("x3"), [], async () => {
      releases.publish("x3");
      return spare.folder;
    });
    expect(answer).toBe(path.join(buildsDir(), SPARE_DIR, `x3.${releases.generation}`));
    expect(spare.folder).toBe(answer);
  });

  it("clear() removes what an earlier run left; stop() makes no more spares", async () => {
    mkdirSync(path.join(buildsDir(), SPARE_DIR, "r0.3", "site"), { recursive: true });
    spare.clear();
    expect(existsSync(path.join(buildsDir(), SPARE_DIR))).toBe(false);
    release("r1");
    await spare.stop();
    releases.publish("r1");
    expect(spare.folder).toBeNull();
    expect(await spare.takeInto("r1", releases.folder("x1"), [])).toBeNull();
  });
});

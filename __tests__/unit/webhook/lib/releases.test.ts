/** @jest-environment node */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Releases, type Release } from "../../../../webhook/lib/releases.ts";
import { writeStates } from "../../../../webhook/lib/snapshot.ts";
import { readWhileChanging } from "../../../support/concurrent-reader";

// The releases kept under BUILDS_DIR/releases/<id>/: which are complete (build.json written), which
// one PUBLISH_DIR points at, and publishing, restoring and pruning them by swapping that symlink.

let dir: string;
let releases: Releases;
const publishDir = () => path.join(dir, "site");
const buildsDir = () => path.join(dir, "builds");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "releases-"));
  mkdirSync(path.join(buildsDir(), "releases"), { recursive: true });
  releases = new Releases(buildsDir(), publishDir());
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A release whose site's home page says `id`; complete (with build.json) unless told otherwise. */
function release(id: string, finishedAt: string, { complete = true, articles = 2 } = {}): Release {
  const record: Release = { id, reason: "test", triggeredAt: finishedAt, finishedAt, articles };
  mkdirSync(releases.siteDir(id), { recursive: true });
  writeFileSync(path.join(releases.siteDir(id), "index.html"), `home of ${id}`);
  if (complete) writeFileSync(path.join(releases.folder(id), "build.json"), JSON.stringify(record));
  return record;
}

const home = () => readFileSync(path.join(publishDir(), "index.html"), "utf8");

describe("Releases", () => {
  it("keeps each release in its own folder, its site beside its record", () => {
    expect(releases.dir).toBe(path.join(buildsDir(), "releases"));
    expect(releases.folder("b1")).toBe(path.join(buildsDir(), "releases", "b1"));
    expect(releases.siteDir("b1")).toBe(path.join(buildsDir(), "releases", "b1", "site"));
  });

  it("lists only complete releases, newest first, with what their build.json records", () => {
    const older = release("b1", "2027-02-14T07:00:00.000Z");
    const newer = release("b2", "2027-02-14T08:00:00.000Z", { articles: 5 });
    release("b3", "2027-02-14T09:00:00.000Z", { complete: false });
    expect(releases.isComplete("b2")).toBe(true);
    expect(releases.isComplete("b3")).toBe(false);
    expect(releases.list()).toEqual([newer, older]);
  });

  it("orders releases that finished at the same time by id", () => {
    release("b1", "2027-02-14T07:00:00.000Z");
    release("b2", "2027-02-14T07:00:00.000Z");
    expect(releases.list().map((kept) => kept.id)).toEqual(["b2", "b1"]);
  });

  it("publishes a release by pointing PUBLISH_DIR at its site, and knows which one it is", () => {
    release("b1", "2027-02-14T07:00:00.000Z");
    release("b2", "2027-02-14T08:00:00.000Z");
    expect(releases.publishedId()).toBeNull();
    releases.publish("b1");
    expect(lstatSync(publishDir()).isSymbolicLink()).toBe(true);
    expect(home()).toBe("home of b1");
    expect(releases.publishedId()).toBe("b1");
    releases.publish("b2");
    expect(home()).toBe("home of b2");
    expect(releases.publishedId()).toBe("b2");
    expect(readdirSync(dir).sort()).toEqual(["builds", "site"]);
  });

  it("publishes in one swap: a reader of PUBLISH_DIR meets the old site or the new one, never nothing", async () => {
    release("b1", "2027-02-14T07:00:00.000Z");
    release("b2", "2027-02-14T08:00:00.000Z");
    releases.publish("b1");
    const reading = await readWhileChanging(path.join(publishDir(), "index.html"), (i) =>
      releases.publish(i % 2 === 0 ? "b2" : "b1"),
    );
    expect(reading.failures).toEqual({});
    expect(Object.keys(reading.seen).sort()).toEqual(["home of b1", "home of b2"]);
  });

  it("names no release when PUBLISH_DIR points at a site that is not one of its own", () => {
    mkdirSync(path.join(dir, "elsewhere", "b1", "site"), { recursive: true });
    symlinkSync(path.join(dir, "elsewhere", "b1", "site"), publishDir());
    expect(releases.publishedId()).toBeNull();
  });

  it("puts PUBLISH_DIR back where it pointed, or takes it away when nothing was published before", () => {
    release("b1", "2027-02-14T07:00:00.000Z");
    release("b2", "2027-02-14T08:00:00.000Z");
    releases.publish("b1");
    const previous = readlinkSync(publishDir());
    releases.publish("b2");
    releases.restore(previous);
    expect(home()).toBe("home of b1");
    releases.restore(null);
    expect(existsSync(publishDir())).toBe(false);
    expect(() => lstatSync(publishDir())).toThrow(/ENOENT/);
  });

  it("removes a release whole, complete or not, and a missing one without complaint", () => {
    release("b1", "2027-02-14T07:00:00.000Z");
    release("b2", "2027-02-14T08:00:00.000Z", { complete: false });
    releases.remove("b1");
    releases.remove("b2");
    releases.remove("never-made");
    expect(readdirSync(releases.dir)).toEqual([]);
  });

  it("prunes to the newest releases, always keeping the published one, and drops incomplete leftovers", () => {
    for (const [i, id] of ["b1", "b2", "b3", "b4"].entries()) release(id, `2027-02-14T0${i + 1}:00:00.000Z`);
    release("b5", "2027-02-14T05:00:00.000Z", { complete: false });
    releases.publish("b1");
    releases.prune(2);
    expect(readdirSync(releases.dir).sort()).toEqual(["b1", "b3", "b4"]);
    expect(releases.list().map((kept) => kept.id)).toEqual(["b4", "b3", "b1"]);
    expect(home()).toBe("home of b1");
  });

  it("shares files with the newest release whose snapshot recorded its files' states", () => {
    release("b1", "2027-02-14T07:00:00.000Z");
    release("b2", "2027-02-14T08:00:00.000Z");
    release("b3", "2027-02-14T09:00:00.000Z");
    expect(releases.newestSnapshot()).toBeUndefined();
    writeStates(releases.folder("b1"), { "index.html": "1:2:3:4" });
    writeStates(releases.folder("b2"), { "index.html": "5:6:7:8" });
    expect(releases.newestSnapshot()).toEqual({
      id: "b2",
      dir: releases.siteDir("b2"),
      states: { "index.html": "5:6:7:8" },
    });
  });
});

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ReplayGuard } from "../../../../webhook/lib/replay.ts";

const WINDOW = 300;
const t = 1_767_225_600; // a request's timestamp, in Unix seconds
const at = (seconds: number) => seconds * 1000;

let dir: string;
let file: string;
let logged: string[];
const log = (message: string) => void logged.push(message);

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "replay-"));
  file = path.join(dir, "request-ids.json");
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("in memory", () => {
  it("accepts an id once while its timestamp is inside the window", () => {
    const replay = new ReplayGuard(WINDOW);
    expect(replay.firstUse("a", t, at(t))).toBe(true);
    expect(replay.firstUse("a", t, at(t + 10))).toBe(false);
    expect(replay.firstUse("b", t, at(t + 10))).toBe(true);
  });

  it("forgets an id once its request could no longer be accepted", () => {
    const replay = new ReplayGuard(WINDOW);
    expect(replay.firstUse("a", t, at(t))).toBe(true);
    replay.sweep(at(t + WINDOW));
    expect(replay.size).toBe(1);
    replay.sweep(at(t + WINDOW + 1));
    expect(replay.size).toBe(0);
  });
});

describe("with a file, across a restart", () => {
  it("refuses after a restart an id accepted before it", () => {
    expect(new ReplayGuard(WINDOW, { file, log }).firstUse("recorded", t, at(t))).toBe(true);
    // A new guard on the same file stands for the service started again.
    const restarted = new ReplayGuard(WINDOW, { file, now: at(t + 60), log });
    expect(restarted.firstUse("recorded", t, at(t + 60))).toBe(false);
    expect(restarted.firstUse("fresh", t + 60, at(t + 60))).toBe(true);
    expect(logged).toEqual([]);
  });

  it("prunes ids past their window when it writes and when it reads", () => {
    const replay = new ReplayGuard(WINDOW, { file, log });
    replay.firstUse("old", t, at(t));
    replay.firstUse("newer", t + 200, at(t + 200));
    expect(Object.keys(JSON.parse(readFileSync(file, "utf8")).until).sort()).toEqual(["newer", "old"]);
    // Written after the old id's window: it is dropped from the file.
    replay.firstUse("latest", t + 302, at(t + 302));
    expect(Object.keys(JSON.parse(readFileSync(file, "utf8")).until).sort()).toEqual(["latest", "newer"]);
    // Read after the newer id's window: only the latest is remembered.
    expect(new ReplayGuard(WINDOW, { file, now: at(t + 502), log }).size).toBe(1);
  });

  it("keeps a remembered id's time as it was, so a restart neither shortens nor stretches the window", () => {
    new ReplayGuard(WINDOW, { file, log }).firstUse("a", t, at(t));
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ until: { a: at(t + WINDOW + 1) } });
    const restarted = new ReplayGuard(WINDOW, { file, now: at(t + WINDOW), log });
    expect(restarted.firstUse("a", t, at(t + WINDOW))).toBe(false);
    expect(restarted.firstUse("a", t + WINDOW + 1, at(t + WINDOW + 1))).toBe(true);
  });

  it("starts with nothing remembered when there is no file yet", () => {
    const replay = new ReplayGuard(WINDOW, { file, log });
    expect(replay.size).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(replay.firstUse("a", t, at(t))).toBe(true);
  });

  it("moves an unreadable file aside and refuses every request signed before the restart", () => {
    writeFileSync(file, '{"until": ');
    const restarted = new ReplayGuard(WINDOW, { file, now: at(t + 60), log });
    expect(restarted.firstUse("maybe-used", t, at(t + 60))).toBe(false);
    expect(restarted.firstUse("fresh", t + 61, at(t + 61))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["request-ids.json", `request-ids.json.unreadable-${at(t + 60)}`]);
    expect(logged.join("\n")).toMatch(/Cannot read .*request-ids\.json .*Signed requests made before .* are refused/);
  });

  it("ignores entries that are not an id with a time", () => {
    writeFileSync(file, JSON.stringify({ until: { a: "soon", b: at(t + 100) } }));
    const restarted = new ReplayGuard(WINDOW, { file, now: at(t), log });
    expect(restarted.size).toBe(1);
    expect(restarted.firstUse("b", t, at(t))).toBe(false);
  });
});

describe("the replay memory", () => {
  it("forgets an id once its request could no longer be accepted", () => {
    const replay = new ReplayGuard(300);
    expect(replay.firstUse("a", t, t * 1000)).toBe(true);
    replay.sweep((t + 300) * 1000);
    expect(replay.size).toBe(1);
    replay.sweep((t + 301) * 1000);
    expect(replay.size).toBe(0);
  });
});

describe("webhook/README.md", () => {
  const root = path.join(__dirname, "../../../..");
  const readme = readFileSync(path.join(root, "webhook", "README.md"), "utf8");

  it("says the accepted ids are kept in the file the service gives the guard, and never that a restart forgets them", () => {
    const server = readFileSync(path.join(root, "webhook", "server.ts"), "utf8");
    const name = /ReplayGuard\([^)]*path\.join\(config\.buildsDir, "([^"]+)"\)/.exec(server)?.[1];
    expect(name).toBe("request-ids.json");
    expect(readme).toContain(`\`BUILDS_DIR/${name}\``);
    expect(readme).not.toMatch(/kept in memory|(has )?forgotten them/);
  });
});

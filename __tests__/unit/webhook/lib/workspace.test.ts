/** @jest-environment node */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  childEnv,
  NOT_COPIED,
  reportDirOf,
  syncWorkspace,
  wipeWorkspaceOutput,
} from "../../../../webhook/lib/workspace.ts";

// The build workspace: the project's sources copied afresh before each build, Gatsby's cache and
// output kept between builds (warm builds), node_modules linked, never copied, and nothing of the
// working tree's own output, caches or reports let in.

let dir: string;
const project = () => path.join(dir, "project");
const workspace = () => path.join(dir, "workspace");
const write = (file: string, text = file): void => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const sync = (folders: { buildsDir?: string; publishDir?: string } = {}) =>
  syncWorkspace(workspace(), {
    projectDir: project(),
    buildsDir: folders.buildsDir ?? path.join(dir, "builds"),
    publishDir: folders.publishDir ?? path.join(dir, "site"),
  });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "workspace-"));
  write(path.join(project(), "gatsby-config.ts"), "export default {};");
  write(path.join(project(), "src", "pages", "index.tsx"), "home");
  write(path.join(project(), "node_modules", "gatsby", "package.json"), "{}");
  for (const name of [".cache", "public", "reports", "test-results", "playwright-report"])
    write(path.join(project(), name, "leftover.txt"), "from the working tree");
  write(path.join(project(), ".git", "HEAD"), "ref: refs/heads/main");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("syncWorkspace", () => {
  it("copies the sources, links node_modules, and lets in no output, cache, report or git folder", () => {
    sync();
    expect(readdirSync(workspace()).sort()).toEqual(["gatsby-config.ts", "node_modules", "src"]);
    expect(readFileSync(path.join(workspace(), "src", "pages", "index.tsx"), "utf8")).toBe("home");
    expect(lstatSync(path.join(workspace(), "node_modules")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(workspace(), "node_modules"))).toBe(path.join(project(), "node_modules"));
    // A copy, not a link: the project may change while the build runs.
    expect(lstatSync(path.join(workspace(), "src")).isSymbolicLink()).toBe(false);
    expect(NOT_COPIED).toEqual(
      new Set(["node_modules", ".cache", "public", ".git", "reports", "test-results", "playwright-report"]),
    );
  });

  it("shows each build the project as it is now: changes and deletions come through", () => {
    sync();
    write(path.join(project(), "src", "pages", "index.tsx"), "home, edited");
    rmSync(path.join(project(), "gatsby-config.ts"));
    write(path.join(project(), "src", "pages", "new.tsx"), "new page");
    sync();
    expect(readFileSync(path.join(workspace(), "src", "pages", "index.tsx"), "utf8")).toBe("home, edited");
    expect(existsSync(path.join(workspace(), "gatsby-config.ts"))).toBe(false);
    expect(existsSync(path.join(workspace(), "src", "pages", "new.tsx"))).toBe(true);
  });

  it("keeps the workspace's own cache and output between builds", () => {
    sync();
    write(path.join(workspace(), ".cache", "webpack.json"), "warm");
    write(path.join(workspace(), "public", "index.html"), "built");
    sync();
    expect(readFileSync(path.join(workspace(), ".cache", "webpack.json"), "utf8")).toBe("warm");
    expect(readFileSync(path.join(workspace(), "public", "index.html"), "utf8")).toBe("built");
  });

  it("leaves out BUILDS_DIR and PUBLISH_DIR when they lie inside the project", () => {
    write(path.join(project(), "var", "builds", "queue.json"), "{}");
    write(path.join(project(), "srv", "site", "index.html"), "published");
    // Sources whose names begin those folders' names are copied.
    write(path.join(project(), "va", "notes.md"), "notes");
    write(path.join(project(), "sr"), "a file");
    sync({ buildsDir: path.join(project(), "var", "builds"), publishDir: path.join(project(), "srv") });
    expect(readdirSync(workspace()).sort()).toEqual(["gatsby-config.ts", "node_modules", "sr", "src", "va"]);
  });

  it("copies symbolic links as links, as the project has them", () => {
    symlinkSync("pages/index.tsx", path.join(project(), "src", "home.tsx"));
    sync();
    expect(readlinkSync(path.join(workspace(), "src", "home.tsx"))).toBe("pages/index.tsx");
  });

  it("links no node_modules when the project has none", () => {
    rmSync(path.join(project(), "node_modules"), { recursive: true });
    sync();
    expect(() => lstatSync(path.join(workspace(), "node_modules"))).toThrow(/ENOENT/);
  });

  describe("a node_modules link already in the workspace", () => {
    const modules = () => path.join(workspace(), "node_modules");
    const ours = () => path.join(project(), "node_modules");
    /** Leaves `target` linked at the workspace's node_modules, as an earlier checkout or release did. */
    const leftBehind = (target: string) => {
      mkdirSync(workspace(), { recursive: true });
      symlinkSync(target, modules(), "dir");
    };

    it("is replaced when it dangles: the checkout it pointed at is gone", () => {
      leftBehind(path.join(dir, "removed-checkout", "node_modules"));
      expect(existsSync(modules())).toBe(false); // what the old check saw: "absent"
      sync();
      expect(readlinkSync(modules())).toBe(ours());
      expect(existsSync(path.join(modules(), "gatsby", "package.json"))).toBe(true);
    });

    it("is replaced when it points at another checkout's node_modules, which still resolve", () => {
      write(path.join(dir, "other-checkout", "node_modules", "gatsby", "package.json"), '{"version":"old"}');
      leftBehind(path.join(dir, "other-checkout", "node_modules"));
      sync();
      expect(readlinkSync(modules())).toBe(ours());
      expect(readFileSync(path.join(modules(), "gatsby", "package.json"), "utf8")).toBe("{}");
      // Only the link goes: the other checkout keeps its dependencies.
      const theirs = path.join(dir, "other-checkout", "node_modules", "gatsby", "package.json");
      expect(readFileSync(theirs, "utf8")).toBe('{"version":"old"}');
    });

    it("is kept as it is when it points at the project's node_modules, written relative or not", () => {
      leftBehind(path.relative(workspace(), ours()));
      const before = lstatSync(modules()).ino;
      sync();
      expect(lstatSync(modules()).ino).toBe(before);
      rmSync(modules());
      leftBehind(ours());
      const absolute = lstatSync(modules()).ino;
      sync();
      expect(lstatSync(modules()).ino).toBe(absolute);
    });

    it("is removed when the project has no node_modules", () => {
      rmSync(ours(), { recursive: true });
      write(path.join(dir, "other-checkout", "node_modules", "gatsby", "package.json"), "{}");
      leftBehind(path.join(dir, "other-checkout", "node_modules"));
      sync();
      expect(() => lstatSync(modules())).toThrow(/ENOENT/);
    });

    it("replaces a folder in its place, which the project's dependencies must not hide", () => {
      write(path.join(modules(), "gatsby", "package.json"), '{"version":"copied"}');
      sync();
      expect(readlinkSync(modules())).toBe(ours());
    });
  });
});

describe("wipeWorkspaceOutput", () => {
  it("removes the output and Gatsby's cache, so the next build starts cold, and keeps the sources", () => {
    sync();
    write(path.join(workspace(), ".cache", "webpack.json"), "half written");
    write(path.join(workspace(), "public", "index.html"), "half built");
    wipeWorkspaceOutput(workspace());
    expect(readdirSync(workspace()).sort()).toEqual(["gatsby-config.ts", "node_modules", "src"]);
    expect(realpathSync(path.join(workspace(), "node_modules"))).toBe(
      realpathSync(path.join(project(), "node_modules")),
    );
    expect(() => wipeWorkspaceOutput(path.join(dir, "never-built"))).not.toThrow();
  });
});

describe("reportDirOf", () => {
  it("is build-report in BUILDS_DIR", () => {
    expect(reportDirOf("/srv/builds")).toBe(path.join("/srv/builds", "build-report"));
  });
});

describe("childEnv", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("is the service's environment without its secrets, naming the build, telemetry off", () => {
    process.env.REBUILD_SECRET = "rebuild-secret-0123456789abcdefghij";
    process.env.NOTIFY_SECRET = "notify-secret-0123456789abcdefghijk";
    process.env.GATSBY_FIREBASE_PROJECT_ID = "kindred-test";
    const env = childEnv("20270214T065900000Z-abc123");
    expect(env).not.toHaveProperty("REBUILD_SECRET");
    expect(env).not.toHaveProperty("NOTIFY_SECRET");
    expect(JSON.stringify(env)).not.toContain("secret-0123456789");
    expect(env).toMatchObject({
      GATSBY_FIREBASE_PROJECT_ID: "kindred-test",
      PATH: process.env.PATH,
      BUILD_ID: "20270214T065900000Z-abc123",
      CI: "true",
      GATSBY_TELEMETRY_DISABLED: "1",
    });
    // The service's own environment keeps its secrets.
    expect(process.env.REBUILD_SECRET).toBe("rebuild-secret-0123456789abcdefghij");
  });
});

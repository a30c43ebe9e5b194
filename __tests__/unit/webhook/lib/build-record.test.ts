/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  BUILD_STATES,
  fullView,
  logFileOf,
  newBuildId,
  publicView,
  type Build,
} from "../../../../webhook/lib/build-record.ts";

// What /status shows of a build: anyone sees states, times and the service's own error words; the
// log, its tail and the raw detail of an unexpected error only go to the holder of the secret.

const LOGS = "/srv/builds/logs";

const build = (fields: Partial<Build> = {}): Build => ({
  id: "20270214T065900000Z-abc123",
  state: "queued",
  reason: "firestore",
  triggers: 2,
  triggeredAt: "2027-02-14T06:59:00.000Z",
  allowShrink: true,
  documents: ["meta-1", "meta-2"],
  group: 4242,
  cancel: () => undefined,
  ...fields,
});

const failed = build({
  state: "failed",
  startedAt: "2027-02-14T06:59:01.000Z",
  finishedAt: "2027-02-14T06:59:31.000Z",
  durationMs: 30_000,
  phase: "publish",
  error: "Publishing failed (ENOSPC); the previous release stays published.",
  logTail: "cp: /srv/builds/workspace/public: No space left on device",
  detail: "ENOSPC: no space left on device, copyfile '/srv/builds/workspace/public/index.html'",
});

describe("BUILD_STATES", () => {
  it("are the states of siteBuilds as docs/editors.md gives them: one vocabulary for /status and editors", () => {
    const docs = readFileSync(path.join(__dirname, "../../../../docs/editors.md"), "utf8");
    const row = /^\| `state`\s+\| string\s+\| (.+?)\.\s+\|$/m.exec(docs.split("## `siteBuilds/{id}`")[1] ?? "");
    expect([...(row?.[1] ?? "").matchAll(/`(\w+)`/g)].map((match) => match[1])).toEqual([...BUILD_STATES]);
  });
});

describe("newBuildId", () => {
  it("is the time to the millisecond, then a random tail", () => {
    const before = new Date().toISOString().replace(/[-:.]/g, "");
    const id = newBuildId();
    const after = new Date().toISOString().replace(/[-:.]/g, "");
    expect(id).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{6}$/);
    const time = id.split("-")[0]!;
    expect(time >= before && time <= after).toBe(true);
  });

  it("is unique among ids made in the same millisecond, and sorts by time", () => {
    const ids = Array.from({ length: 50 }, () => newBuildId());
    expect(new Set(ids).size).toBe(50);
    const times = ids.map((id) => id.split("-")[0]!);
    expect([...times].sort()).toEqual(times);
  });
});

describe("logFileOf", () => {
  it("names the build's log in the logs folder", () => {
    expect(logFileOf(LOGS, "b1")).toBe(path.join(LOGS, "b1.log"));
  });
});

describe("publicView", () => {
  it("shows a queued build's states and times, with null for what has not happened yet", () => {
    expect(publicView(build())).toEqual({
      id: "20270214T065900000Z-abc123",
      state: "queued",
      lane: "full",
      reason: "firestore",
      triggers: 2,
      triggeredAt: "2027-02-14T06:59:00.000Z",
      startedAt: null,
      finishedAt: null,
      durationMs: null,
    });
  });

  it("adds a failed build's phase and error, never its log tail, detail, documents or process group", () => {
    const view = publicView(failed);
    expect(view).toMatchObject({
      state: "failed",
      phase: "publish",
      error: "Publishing failed (ENOSPC); the previous release stays published.",
      durationMs: 30_000,
    });
    expect(Object.keys(view).sort()).toEqual(
      [
        "durationMs",
        "error",
        "finishedAt",
        "id",
        "lane",
        "phase",
        "reason",
        "startedAt",
        "state",
        "triggeredAt",
        "triggers",
      ].sort(),
    );
    expect(JSON.stringify(view)).not.toContain("/srv");
  });

  it("leaves out the phase and error of a build that did not fail", () => {
    const view = publicView(build({ state: "published", phase: "check", error: "left over" }));
    expect(view).not.toHaveProperty("phase");
    expect(view).not.toHaveProperty("error");
  });

  it("is null for no build", () => {
    expect(publicView(null)).toBeNull();
  });
});

describe("fullView", () => {
  it("adds the log file once the build has started, and a failed build's log tail and detail", () => {
    expect(fullView(failed, LOGS)).toEqual({
      ...publicView(failed),
      logFile: path.join(LOGS, `${failed.id}.log`),
      logTail: failed.logTail,
      detail: failed.detail,
    });
  });

  it("names no log file before the build starts, and no tail for a build that did not fail", () => {
    expect(fullView(build(), LOGS)).toEqual(publicView(build()));
    const running = build({ state: "building", startedAt: "2027-02-14T06:59:01.000Z", logTail: "partial" });
    expect(fullView(running, LOGS)).toEqual({ ...publicView(running), logFile: path.join(LOGS, `${running.id}.log`) });
  });

  it("is null for no build", () => {
    expect(fullView(null, LOGS)).toBeNull();
  });
});

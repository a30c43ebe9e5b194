/** @jest-environment node */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Build } from "../../../../webhook/lib/build-record.ts";
import {
  groupMembersIn,
  pending,
  readQueueFile,
  revive,
  stopLeftovers,
  writeQueueFile,
  type PendingBuild,
} from "../../../../webhook/lib/queue-file.ts";
import { alive, killWorkerGroups, startWorkerGroup } from "../../../support/process-groups";

// queue.json keeps the builds the service accepted and has not finished, so that a crash or a
// restart loses none of them; at the next start, what is left running of the interrupted build is
// found by its process group and working folder, and stopped.

let dir: string;
const file = () => path.join(dir, "queue.json");
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "queue-file-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const running: Build = {
  id: "20270214T065900000Z-aaaaaa",
  state: "building",
  reason: "firestore",
  triggers: 1,
  triggeredAt: "2027-02-14T06:59:00.000Z",
  startedAt: "2027-02-14T06:59:00.100Z",
  allowShrink: false,
  documents: ["meta-1"],
  group: 4242,
  logTail: "building…",
  cancel: () => undefined,
};
const queued: Build = {
  id: "20270214T065901000Z-bbbbbb",
  state: "queued",
  reason: "manual",
  triggers: 3,
  triggeredAt: "2027-02-14T06:59:01.000Z",
  allowShrink: true,
  documents: ["meta-2", "meta-3"],
};

describe("writeQueueFile and readQueueFile", () => {
  it("keep the running and the queued build as they were accepted, for the next start", () => {
    writeQueueFile(file(), running, queued);
    expect(readQueueFile(file())).toEqual({
      current: {
        id: running.id,
        reason: "firestore",
        triggers: 1,
        triggeredAt: "2027-02-14T06:59:00.000Z",
        allowShrink: false,
        documents: ["meta-1"],
        group: 4242,
      },
      queued: {
        id: queued.id,
        reason: "manual",
        triggers: 3,
        triggeredAt: "2027-02-14T06:59:01.000Z",
        allowShrink: true,
        documents: ["meta-2", "meta-3"],
      },
    });
  });

  it("replace the file whole, in one rename, and leave nothing beside it", () => {
    writeQueueFile(file(), running, queued);
    writeQueueFile(file(), null, null);
    expect(readQueueFile(file())).toEqual({ current: null, queued: null });
    expect(readFileSync(file(), "utf8")).toBe('{\n  "current": null,\n  "queued": null\n}\n');
    expect(readdirSync(dir)).toEqual(["queue.json"]);
  });

  it("read nothing from a file that is missing or broken: the caller moves it aside", () => {
    expect(() => readQueueFile(file())).toThrow(/ENOENT/);
    writeFileSync(file(), '{"current": {"id": "x"');
    expect(() => readQueueFile(file())).toThrow(SyntaxError);
  });
});

describe("pending", () => {
  it("keeps what a restart needs, never the state, the times, the log or the cancel function", () => {
    const saved = pending(running)!;
    expect(Object.keys(saved).sort()).toEqual(
      ["allowShrink", "documents", "group", "id", "reason", "triggeredAt", "triggers"].sort(),
    );
    expect(pending(null)).toBeNull();
  });
});

describe("revive", () => {
  it("makes a saved build queued again, with its triggers and documents", () => {
    expect(revive(pending(running)!)).toEqual({
      id: running.id,
      state: "queued",
      reason: "firestore",
      triggers: 1,
      triggeredAt: "2027-02-14T06:59:00.000Z",
      allowShrink: false,
      documents: ["meta-1"],
    });
  });

  it("reads a hand-edited or older file safely: allowShrink only when true, documents only as strings", () => {
    const odd = { ...pending(queued)!, allowShrink: "yes", documents: ["meta-2", 7, null] } as unknown as PendingBuild;
    expect(revive(odd)).toMatchObject({ allowShrink: false, documents: ["meta-2"] });
    const old = { id: "x", reason: "r", triggers: 1, triggeredAt: "t" } as PendingBuild;
    expect(revive(old)).toMatchObject({ allowShrink: false, documents: [] });
  });

  it("revives a build saved with a state of the old vocabulary (running, succeeded) as queued", () => {
    // queue.json never kept a state (see pending above), but a hand-written or foreign file may.
    for (const state of ["running", "succeeded", "building"]) {
      const saved = { ...pending(running)!, state } as unknown as PendingBuild;
      expect(revive(saved).state).toBe("queued");
    }
  });
});

describe("what an interrupted build left running", () => {
  afterEach(killWorkerGroups);

  it("is found by its process group, working inside the workspace", async () => {
    const workspace = path.join(dir, "workspace");
    const { shell, workers } = await startWorkerGroup(path.join(workspace, "public"));
    expect(groupMembersIn(shell.pid!, workspace).sort()).toEqual([shell.pid!, ...workers].sort());
    // A recycled group id whose processes work elsewhere is someone else's.
    expect(groupMembersIn(shell.pid!, path.join(dir, "elsewhere"))).toEqual([]);
  });

  it("is stopped whole, even if it ignores SIGTERM, and the answer says whether there was anything", async () => {
    const workspace = path.join(dir, "workspace");
    const { shell, workers } = await startWorkerGroup(workspace, { ignoreTerm: true });
    expect(await stopLeftovers(shell.pid!, workspace)).toBe(true);
    expect([shell.pid!, ...workers].some(alive)).toBe(false);
    expect(groupMembersIn(shell.pid!, workspace)).toEqual([]);
    expect(await stopLeftovers(shell.pid!, workspace)).toBe(false);
  });

  it("leaves a group working in another folder alone, even one whose name begins the same", async () => {
    const workspace = path.join(dir, "workspace");
    for (const folder of [path.join(dir, "someone-else"), `${workspace}-old`]) {
      const other = await startWorkerGroup(folder);
      expect(groupMembersIn(other.shell.pid!, workspace)).toEqual([]);
      expect(await stopLeftovers(other.shell.pid!, workspace)).toBe(false);
      expect([other.shell.pid!, ...other.workers].every(alive)).toBe(true);
    }
  });
});

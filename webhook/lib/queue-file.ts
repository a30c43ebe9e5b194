// BUILDS_DIR/queue.json: the accepted builds that have not finished, kept across a crash or a
// restart, and what is left running of a build whose service was killed.
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Build } from "./build-record.ts";
import { signalGroup } from "./process-group.ts";
import { writeFileAtomic } from "./publish.ts";

/** What queue.json keeps of an accepted build that has not finished. */
export interface PendingBuild {
  id: string;
  reason: string;
  triggers: number;
  triggeredAt: string;
  allowShrink?: boolean;
  documents?: string[];
  group?: number;
}

export interface QueueFile {
  current: PendingBuild | null;
  queued: PendingBuild | null;
}

export const pending = (build: Build | null): PendingBuild | null =>
  build && {
    id: build.id,
    reason: build.reason,
    triggers: build.triggers,
    triggeredAt: build.triggeredAt,
    allowShrink: build.allowShrink,
    documents: build.documents,
    group: build.group,
  };

export const revive = (saved: PendingBuild): Build => ({
  id: saved.id,
  state: "queued",
  reason: saved.reason,
  triggers: saved.triggers,
  triggeredAt: saved.triggeredAt,
  allowShrink: saved.allowShrink === true,
  documents: Array.isArray(saved.documents) ? saved.documents.filter((id) => typeof id === "string") : [],
});

/** Writes the unfinished builds to `file`, replacing it in one rename. */
export function writeQueueFile(file: string, current: Build | null, queued: Build | null): void {
  const state: QueueFile = { current: pending(current), queued: pending(queued) };
  writeFileAtomic(file, `${JSON.stringify(state, null, 2)}\n`);
}

/** The saved queue; throws when the file cannot be read or parsed. */
export const readQueueFile = (file: string): QueueFile => JSON.parse(readFileSync(file, "utf8")) as QueueFile;

/**
 * Processes of process group `group` working inside `dir`: what is left of a build command whose
 * service was killed. Reads /proc (Linux); elsewhere it finds nothing. Checking the working folder
 * as well as the group keeps a recycled group id from ever pointing at someone else's processes.
 */
export function groupMembersIn(group: number, dir: string): number[] {
  if (!existsSync("/proc")) return [];
  const members: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // After "pid (command) ": state, parent pid, process group, ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group || fields[0] === "Z") continue;
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      if (cwd === dir || cwd.startsWith(dir + path.sep)) members.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to look at
    }
  }
  return members;
}

/** Kills what is left of process group `group` in `dir`; resolves true when there was something. */
export async function stopLeftovers(group: number, dir: string): Promise<boolean> {
  if (groupMembersIn(group, dir).length === 0) return false;
  signalGroup(group, "SIGKILL");
  const deadline = Date.now() + 10_000;
  while (groupMembersIn(group, dir).length > 0 && Date.now() < deadline) await sleep(50);
  return true;
}

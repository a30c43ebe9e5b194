/** @jest-environment node */
import { signalGroup } from "../../../../webhook/lib/process-group.ts";
import { alive, killWorkerGroups, startWorkerGroup, until } from "../../../support/process-groups";

// A build command is a shell with workers behind it (Gatsby's, Java behind the emulator's wrapper):
// stopping the shell alone would leave them writing into the workspace. signalGroup stops them all.

afterEach(killWorkerGroups);

describe("signalGroup", () => {
  it("stops the group's leader and every worker it started", async () => {
    const group = await startWorkerGroup();
    expect([group.shell.pid!, ...group.workers].every(alive)).toBe(true);
    signalGroup(group.shell.pid);
    expect(await group.exited).toBe("SIGTERM");
    await until(() => !group.workers.some(alive), "the workers to stop");
  });

  it("sends the signal asked for", async () => {
    const group = await startWorkerGroup();
    signalGroup(group.shell.pid, "SIGKILL");
    expect(await group.exited).toBe("SIGKILL");
    await until(() => !group.workers.some(alive), "the workers to stop");
  });

  it("leaves processes outside the group alone", async () => {
    const [inside, outside] = [await startWorkerGroup(), await startWorkerGroup()];
    signalGroup(inside.shell.pid);
    await inside.exited;
    await until(() => !inside.workers.some(alive), "the group's workers to stop");
    expect([outside.shell.pid!, ...outside.workers].every(alive)).toBe(true);
  });

  it("is no error for a group that has already gone, or a child that never got a pid", async () => {
    const group = await startWorkerGroup();
    signalGroup(group.shell.pid, "SIGKILL");
    await group.exited;
    await until(() => !group.workers.some(alive), "the workers to stop");
    expect(() => signalGroup(group.shell.pid)).not.toThrow();
    expect(() => signalGroup(undefined)).not.toThrow();
    expect(() => signalGroup(0)).not.toThrow();
  });
});

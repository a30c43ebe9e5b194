/** @jest-environment node */
import { ReplayGuard } from "../../../../webhook/lib/replay.ts";

describe("the replay memory", () => {
  it("forgets an id once its request could no longer be accepted", () => {
    const replay = new ReplayGuard(300);
    const t = 1_767_225_600;
    expect(replay.firstUse("a", t, t * 1000)).toBe(true);
    replay.sweep((t + 300) * 1000);
    expect(replay.size).toBe(1);
    replay.sweep((t + 301) * 1000);
    expect(replay.size).toBe(0);
  });
});

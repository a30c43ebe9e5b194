/** @jest-environment node */
import { scheduleConfig } from "../../../../../webhook/lib/schedule/service.ts";
import { ConfigError } from "../../../../../webhook/lib/config.ts";

describe("scheduleConfig: the service's scheduler settings", () => {
  it("is off without SCHEDULE_PROJECT_ID, and polls every 10 s by default", () => {
    expect(scheduleConfig({})).toBeNull();
    expect(scheduleConfig({ SCHEDULE_PROJECT_ID: "demo" })).toEqual({ projectId: "demo", pollMs: 10_000 });
  });

  it("refuses a poll interval that would miss the 60 s promise or hammer Firestore", () => {
    expect(() => scheduleConfig({ SCHEDULE_PROJECT_ID: "demo", SCHEDULE_POLL_MS: "120000" })).toThrow(ConfigError);
    expect(() => scheduleConfig({ SCHEDULE_PROJECT_ID: "demo", SCHEDULE_POLL_MS: "10" })).toThrow(/100 to 60000/);
  });
});

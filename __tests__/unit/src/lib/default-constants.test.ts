import { loadConfig } from "../../../../webhook/lib/config.ts";

// The values the code falls back on when a caller gives none: the other tests pass their own, so
// these check the defaults themselves. (The site's own timings are checked in constants.test.ts.)

describe("the rebuild service's defaults", () => {
  const SECRET = "Vq3u9ZkT1pXr7bLmN2cYw8sHd5fJg0aE";

  test("a build may run 20 minutes and a request body may be 64 KiB, unless set", () => {
    const config = loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "site" }, { cwd: "/srv/app" });
    expect(config.buildTimeoutMs).toBe(20 * 60 * 1000);
    expect(config.maxBodyBytes).toBe(64 * 1024);
  });

  test("both can be set", () => {
    const config = loadConfig(
      { REBUILD_SECRET: SECRET, PUBLISH_DIR: "site", BUILD_TIMEOUT_MS: "90000", MAX_BODY_BYTES: "2048" },
      { cwd: "/srv/app" },
    );
    expect(config.buildTimeoutMs).toBe(90_000);
    expect(config.maxBodyBytes).toBe(2048);
  });
});

/** @jest-environment node */
import { randomBytes } from "node:crypto";
import { loadConfig } from "../../../../webhook/lib/config.ts";

const SECRET = "Vq3-x9Lm2Rt8bZ4kW7nP0cY5hJ6dF1sA";

describe("the service configuration", () => {
  it("refuses a missing or short secret and a missing PUBLISH_DIR with clear messages", () => {
    expect(() => loadConfig({ PUBLISH_DIR: "site" })).toThrow(
      "REBUILD_SECRET must be set to at least 32 characters (it has 0)",
    );
    expect(() => loadConfig({ REBUILD_SECRET: "x".repeat(31), PUBLISH_DIR: "site" })).toThrow("(it has 31)");
    expect(() => loadConfig({ REBUILD_SECRET: SECRET })).toThrow("PUBLISH_DIR must name");
    expect(() => loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "site", PORT: "http" })).toThrow(
      'PORT must be an integer of at least 0, got "http"',
    );
    expect(() => loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "site", BUILDS_DIR: "site/builds" })).toThrow(
      "BUILDS_DIR must not be inside PUBLISH_DIR",
    );
  });

  it.each([
    [
      "32 spaces",
      " ".repeat(32),
      "it uses only 1 different character; it holds only about 0 bits of entropy; only 3% of its neighbouring pairs differ.",
    ],
    ["one letter", "a".repeat(40), "it uses only 1 different character;"],
    ["a word said four times", "password".repeat(4), "it uses only 7 different characters;"],
    ["a short pattern repeated", "abcdefgh".repeat(4), "guess: only 25% of its neighbouring pairs differ."],
    ["a longer pattern twice", "0123456789abcdef".repeat(2), "guess: only 51% of its neighbouring pairs differ."],
    ["a pattern with a tail", `${"Ab3$".repeat(9)}x`, "it uses only 5 different characters;"],
  ])("refuses a secret that is long but guessable: %s", (_case, secret, shortfall) => {
    expect(() => loadConfig({ REBUILD_SECRET: secret, PUBLISH_DIR: "site" })).toThrow(
      /^REBUILD_SECRET is too easy to guess/,
    );
    expect(() => loadConfig({ REBUILD_SECRET: secret, PUBLISH_DIR: "site" })).toThrow(shortfall);
    // The message states the whole rule and how to make a good secret.
    expect(() => loadConfig({ REBUILD_SECRET: secret, PUBLISH_DIR: "site" })).toThrow(
      /at least 32 characters, at least 8 different ones, about 80 bits of entropy .* at least 60% of its pairs .*randomBytes\(32\)/,
    );
  });

  it("accepts random secrets of 32 characters and more, as the README makes them", () => {
    for (let i = 0; i < 2000; i += 1) {
      for (const secret of [
        randomBytes(16).toString("hex"),
        randomBytes(32).toString("hex"),
        randomBytes(24).toString("base64url"),
      ]) {
        expect(() => loadConfig({ REBUILD_SECRET: secret, PUBLISH_DIR: "site" })).not.toThrow();
      }
    }
  });

  it("fills in defaults: port 8787, builds beside the published site, Gatsby from the project", () => {
    const config = loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "deploy/site" }, { cwd: "/srv/app" });
    expect(config).toMatchObject({
      port: 8787,
      publishDir: "/srv/app/deploy/site",
      buildsDir: "/srv/app/deploy/.site-builds",
      projectDir: "/srv/app",
      buildCommand: '"/srv/app/node_modules/.bin/gatsby" build',
      deployCommand: "",
      keepBuilds: 3,
      rateLimitPerMinute: 60,
      trustProxy: 0,
      maxArticleDrop: 0.5,
    });
  });

  it("reads TRUST_PROXY as a number of proxies", () => {
    expect(loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "site", TRUST_PROXY: "2" }).trustProxy).toBe(2);
    // "true" used to mean "believe the first X-Forwarded-For entry", which the client writes itself.
    expect(() => loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "site", TRUST_PROXY: "true" })).toThrow(
      'TRUST_PROXY must be the number of proxies in front of the service (0 for none, 1 behind one load balancer), got "true"',
    );
  });

  it("keeps the fast lane on unless FAST_LANE is off", () => {
    const lane = (FAST_LANE?: string) =>
      loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "site", FAST_LANE }).fastLane;
    expect([lane(), lane(""), lane("on"), lane("off")]).toEqual([true, true, true, false]);
    expect(() => lane("false")).toThrow('FAST_LANE must be "on" or "off", got "false"');
  });

  it("reads MAX_ARTICLE_DROP as a share between 0 and 1", () => {
    expect(loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "site", MAX_ARTICLE_DROP: "0.8" }).maxArticleDrop).toBe(
      0.8,
    );
    expect(() => loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "site", MAX_ARTICLE_DROP: "50%" })).toThrow(
      'MAX_ARTICLE_DROP must be a share between 0 and 1 (0.5 is half), got "50%"',
    );
    expect(() => loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "site", MAX_ARTICLE_DROP: "1.5" })).toThrow(
      "MAX_ARTICLE_DROP",
    );
  });
});

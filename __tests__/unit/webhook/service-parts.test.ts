/** @jest-environment node */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRateLimiter } from "../../../webhook/lib/rate-limit.ts";
import { loadConfig } from "../../../webhook/lib/config.ts";
import { checkOutput, checkShrink } from "../../../webhook/lib/check-output.ts";
import { authenticate } from "../../../webhook/lib/auth.ts";
import { ReplayGuard } from "../../../webhook/lib/replay.ts";
import { clientAddress } from "../../../webhook/lib/client-address.ts";
import { signRequest } from "../../../webhook/trigger/src/signature.ts";
import {
  documentIds,
  MAX_DOCUMENTS_PER_REQUEST,
  MAX_NAMED_DOCUMENTS,
  sourcingRequest,
} from "../../../webhook/lib/documents.ts";

const SECRET = "Vq3-x9Lm2Rt8bZ4kW7nP0cY5hJ6dF1sA";

describe("the rate limiter", () => {
  it("allows a burst of perMinute requests, then refills one token per 60/perMinute seconds", () => {
    let time = 0;
    const limiter = createRateLimiter({ perMinute: 6, now: () => time });
    expect(Array.from({ length: 7 }, () => limiter.take("a").allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(limiter.take("a").retryAfterSeconds).toBe(10);
    expect(limiter.take("b").allowed).toBe(true); // clients are counted apart
    time = 9_999;
    expect(limiter.take("a").allowed).toBe(false);
    time = 10_000;
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
  });

  it("forgets clients whose bucket has refilled", () => {
    let time = 0;
    const limiter = createRateLimiter({ perMinute: 2, now: () => time });
    limiter.take("a");
    limiter.take("b");
    time = 15_000;
    limiter.sweep();
    expect(limiter.size()).toBe(2);
    time = 30_000;
    limiter.sweep();
    expect(limiter.size()).toBe(0);
  });
});

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

describe("authentication", () => {
  const body = Buffer.from('{"reason":"x"}');
  const now = Date.parse("2026-01-01T00:00:00Z");
  const guard = () => new ReplayGuard(300);

  it("accepts a signed request or the bearer token", () => {
    expect(authenticate(signRequest(body, SECRET, { now }), body, SECRET, guard(), now)).toEqual({
      method: "signature",
    });
    expect(authenticate({ authorization: `Bearer ${SECRET}` }, body, SECRET, guard(), now)).toEqual({
      method: "bearer",
    });
    expect(authenticate({ authorization: `bearer   ${SECRET}` }, body, SECRET, guard(), now)).toEqual({
      method: "bearer",
    });
  });

  it("refuses a wrong token, a wrong signature even beside a right token, and nothing at all", () => {
    expect(authenticate({ authorization: `Bearer ${SECRET}x` }, body, SECRET, guard(), now)).toEqual({
      refused: "the bearer token is wrong",
    });
    expect(authenticate({ authorization: `Basic ${SECRET}` }, body, SECRET, guard(), now)).toEqual({
      refused: "the bearer token is wrong",
    });
    const forged = { ...signRequest(Buffer.from("other"), SECRET, { now }), authorization: `Bearer ${SECRET}` };
    expect(authenticate(forged, body, SECRET, guard(), now)).toEqual({ refused: "the signature does not match" });
    expect(authenticate({}, body, SECRET, guard(), now)).toEqual({ refused: "neither a signature nor a bearer token" });
  });

  it("accepts each request id once while its timestamp is inside the window", () => {
    const replay = guard();
    const headers = signRequest(body, SECRET, { now, id: "0123456789abcdef" });
    expect(authenticate(headers, body, SECRET, replay, now)).toEqual({ method: "signature" });
    expect(authenticate(headers, body, SECRET, replay, now + 1000)).toEqual({
      refused: "the request id 0123456789abcdef has already been used",
    });
    // The same id signed again later is still a replay while the first one's window lasts.
    expect(
      authenticate(
        signRequest(body, SECRET, { now: now + 60_000, id: "0123456789abcdef" }),
        body,
        SECRET,
        replay,
        now + 60_000,
      ),
    ).toMatchObject({
      refused: expect.stringContaining("already been used"),
    });
    // Once the window has passed, the timestamp check refuses the recording instead.
    expect(authenticate(headers, body, SECRET, replay, now + 302_000)).toEqual({
      refused: "the timestamp is 302 s away from the service's clock (at most 300 s are allowed)",
    });
  });

  it("does not remember the ids of refused requests", () => {
    const replay = guard();
    const headers = signRequest(body, SECRET, { now, id: "0123456789abcdef" });
    expect(
      authenticate({ ...headers, "x-signature-256": `sha256=${"0".repeat(64)}` }, body, SECRET, replay, now),
    ).toMatchObject({ refused: expect.any(String) });
    expect(replay.size).toBe(0);
    expect(authenticate(headers, body, SECRET, replay, now)).toEqual({ method: "signature" });
  });
});

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

describe("the output check", () => {
  let site: string;
  const page = (file: string) => {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), "<!DOCTYPE html><html><body>ok</body></html>\n");
  };
  /** The search index's manifest and card chunks (src/lib/search-pieces.ts) for these cards by slot. */
  const searchIndex = (cards: ({ slug: string } | null)[]) => {
    mkdirSync(path.join(site, "search/c"), { recursive: true });
    writeFileSync(
      path.join(site, "search/index.json"),
      JSON.stringify({ version: 1, slots: cards.length, shards: 1, idShards: 1, holes: [] }),
    );
    writeFileSync(path.join(site, "search/c/0.json"), JSON.stringify(cards));
  };
  beforeEach(() => {
    site = mkdtempSync(path.join(tmpdir(), "check-output-"));
    [
      "index.html",
      "blog/index.html",
      "404.html",
      "blogarticle/[...slug]/index.html",
      "blogarticle/one/index.html",
    ].forEach(page);
    searchIndex([{ slug: "one" }]);
  });
  afterEach(() => rmSync(site, { recursive: true, force: true }));

  it("passes a complete site and counts its articles", () => {
    expect(checkOutput(site)).toEqual({ problems: [], articles: 1 });
  });

  it("names every missing page, truncated page and bad index entry", () => {
    rmSync(path.join(site, "blog/index.html"));
    rmSync(path.join(site, "blogarticle/[...slug]/index.html"));
    writeFileSync(path.join(site, "index.html"), "<!DOCTYPE html><html><body>cut o");
    searchIndex([{ slug: "one" }, null, { slug: "two" }, { slug: "../etc" }]);
    expect(checkOutput(site).problems).toEqual([
      "missing or incomplete page index.html",
      "missing or incomplete page blog/index.html",
      "missing or incomplete page blogarticle/[...slug]/index.html",
      "missing article page blogarticle/two/index.html",
      'search index entry with an invalid slug: "../etc"',
    ]);
  });

  it("fails a site without a readable search index", () => {
    rmSync(path.join(site, "search/c/0.json"));
    expect(checkOutput(site).problems).toEqual(["unreadable search index search/c/0.json (missing)"]);
    rmSync(path.join(site, "search/index.json"));
    expect(checkOutput(site).problems).toEqual(["unreadable search index search/index.json (missing)"]);
  });
});

describe("the shrink guard", () => {
  const published = { id: "r1", articles: 10 };
  const rule = { maxDrop: 0.5 };

  it("refuses a build without articles, published release or not", () => {
    expect(checkShrink(0, published, rule)).toMatch(
      /^The new build lists no articles \(the published release r1 has 10\)/,
    );
    expect(checkShrink(0, null, rule)).toMatch(/^The new build lists no articles\. .*allowShrink/);
  });

  it("lets through a drop up to the limit and refuses one beyond it, naming both counts", () => {
    expect(checkShrink(5, published, rule)).toBeNull();
    expect(checkShrink(12, published, rule)).toBeNull();
    expect(checkShrink(4, published, rule)).toBe(
      'The new build lists 4 articles where the published release r1 has 10: a drop of 60%, more than the 50% MAX_ARTICLE_DROP allows. If that is intended, trigger again with {"allowShrink": true}.',
    );
    expect(checkShrink(4, published, { maxDrop: 0.6 })).toBeNull();
    expect(checkShrink(9, published, { maxDrop: 0 })).toMatch(/a drop of 10%, more than the 0%/);
  });

  it("has nothing to compare with before the first publish", () => {
    expect(checkShrink(1, null, rule)).toBeNull();
  });
});

describe("the client address", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("192.0.2.1", "10.9.9.9", 0)).toBe("192.0.2.1");
  });

  it("is the hop the trusted proxies saw, counted from the right", () => {
    // client -> proxy A (appends the client) -> proxy B (appends A) -> service (peer: B)
    expect(clientAddress("10.0.0.2", "forged, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "forged, 203.0.113.9, 10.0.0.1", 2)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", ["forged", "203.0.113.9 , 10.0.0.1"], 2)).toBe("203.0.113.9");
  });

  it("is the furthest known hop when the chain is shorter than the trusted proxies", () => {
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "203.0.113.9", 3)).toBe("203.0.113.9");
  });
});

describe("the documents a rebuild request names", () => {
  it("are Firestore document ids, once each; absent means none", () => {
    expect(documentIds(undefined)).toEqual([]);
    expect(documentIds(["aB3xYz09", "other_id-2", "aB3xYz09"])).toEqual(["aB3xYz09", "other_id-2"]);
    expect(documentIds(Array.from({ length: MAX_DOCUMENTS_PER_REQUEST }, (_, i) => `d${i}`))).toHaveLength(
      MAX_DOCUMENTS_PER_REQUEST,
    );
  });

  it.each([
    ["not a list", "abc"],
    ["a number", [1]],
    ["an empty id", [""]],
    ["a path", ["blog/abc"]],
    ["a dot segment", [".."]],
    ["a comma, which would split the id", ["a,b"]],
    ["a control character", ["a\nb"]],
    ["an id over 1,500 characters", ["x".repeat(1501)]],
    ["too many ids", Array.from({ length: MAX_DOCUMENTS_PER_REQUEST + 1 }, (_, i) => `d${i}`)],
  ])("refuses %s", (_, value) => {
    expect(documentIds(value)).toBeNull();
  });

  it("reach the build as CHANGED_DOCUMENT_IDS, or as a full read when there are too many to read one by one", () => {
    expect(sourcingRequest([])).toEqual({});
    expect(sourcingRequest(["a", "b"])).toEqual({ CHANGED_DOCUMENT_IDS: "a,b" });
    const many = Array.from({ length: MAX_NAMED_DOCUMENTS + 1 }, (_, i) => `d${i}`);
    const output = jest.fn();
    expect(sourcingRequest(many, output)).toEqual({ FIRESTORE_FULL_READ: "true" });
    expect(output).toHaveBeenCalledWith(expect.stringContaining("reads every published document"));
  });
});

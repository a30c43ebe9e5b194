/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { recordEntry, recordProblem, reportFileIn, REPORT_DIR_VARIABLE } from "@kindred/publishing";
import type { Firestore } from "firebase-admin/firestore";
import type { Build } from "../../../../webhook/lib/build-record.ts";
import { BuildEvents } from "../../../../webhook/lib/build-events.ts";
import type { ServiceConfig } from "../../../../webhook/lib/config.ts";
import type { BuildNotification } from "../../../../webhook/lib/notify.ts";
import { verifyRequest } from "@kindred/publishing";
import { reportDirOf } from "../../../../webhook/lib/workspace.ts";

const SECRET = "notify-secret-0123456789abcdefghijklmnop";
let dir: string;
let server: http.Server;
let received: BuildNotification[];
let config: ServiceConfig;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "build-events-"));
  received = [];
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      if (verifyRequest(request.headers, body, SECRET).ok) received.push(JSON.parse(body) as BuildNotification);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  config = {
    buildsDir: dir,
    siteUrl: "https://kindred.example",
    notifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    notifySecret: SECRET,
  } as ServiceConfig;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const newBuild = (id: string, documents: string[]): Build => ({
  id,
  state: "queued",
  reason: "firestore",
  triggers: 1,
  triggeredAt: new Date().toISOString(),
  documents,
});

describe("BuildEvents", () => {
  it("announces a build's start and publication, naming the articles from the build's report", async () => {
    const log = jest.fn();
    const events = new BuildEvents(config, null, log);
    const build = newBuild("b1", ["good", "bad"]);
    events.triggered(build, { reason: "firestore", documents: ["good", "bad"], at: new Date() });
    events.started(build, null);
    // What the build writes, through the functions its own code calls.
    const env = { [REPORT_DIR_VARIABLE]: reportDirOf(dir) };
    recordProblem("blogMetaData", { id: "bad", field: "slug", message: "must match x" }, true, "the log line", env);
    recordEntry({ kind: "articles", articles: [{ id: "good", slug: "good", title: "Good", lastUpdate: "1" }] }, env);
    Object.assign(build, { state: "published", finishedAt: new Date().toISOString() });
    events.finished(build);
    await events.settled();

    expect(received.map((event) => event.type)).toEqual(["build.started", "build.published"]);
    expect(received[0]).toMatchObject({ buildId: "b1", carried: ["good", "bad"] });
    expect(received[1]).toMatchObject({
      live: [{ id: "good", title: "Good", url: "https://kindred.example/blogarticle/good" }],
      notPublished: [{ id: "bad", reasons: ["slug must match x"] }],
    });
    expect(log).not.toHaveBeenCalled();
    // The article list is kept beside the release, for the next build to tell what changed.
    expect(existsSync(path.join(dir, "releases", "b1", "articles.json"))).toBe(true);
  });

  it("never reads an earlier build's report as the next one's", async () => {
    const events = new BuildEvents(config, null, jest.fn());
    const stale = reportDirOf(dir);
    mkdirSync(stale, { recursive: true });
    writeFileSync(
      reportFileIn(stale),
      `${JSON.stringify({ kind: "refused", id: "old", document: "blogMetaData/old", field: "slug", rule: "r", message: "m" })}\n`,
    );
    const build = newBuild("b2", []);
    events.started(build, null);
    Object.assign(build, { state: "published", finishedAt: new Date().toISOString() });
    events.finished(build);
    await events.settled();
    expect(received[1]).toMatchObject({ type: "build.published", notPublished: [] });
  });

  it("announces a failure in the service's words, with every article it carried", async () => {
    const events = new BuildEvents(config, null, jest.fn());
    const build = newBuild("b3", ["a", "b"]);
    events.started(build, null);
    Object.assign(build, { state: "failed", error: "The build command exited with code 1.", finishedAt: "" });
    events.finished(build);
    await events.settled();
    expect(received[1]).toMatchObject({
      type: "build.failed",
      error: "The build command exited with code 1.",
      carried: ["a", "b"],
    });
    expect(received[1]!.text).toBe(
      "Build b3 (firestore) failed: The build command exited with code 1. The published site is unchanged.",
    );
  });

  it("writes a fast lane's siteBuilds record and its articles live, which the full build behind it leaves live", async () => {
    // A stand-in for Firestore: documents by path, transactions run at once.
    const store = new Map<string, Record<string, unknown>>();
    const ref = (name: string, id: string) => ({
      path: `${name}/${id}`,
      set: async (data: Record<string, unknown>) => void store.set(`${name}/${id}`, data),
    });
    const db = {
      collection: (name: string) => ({ doc: (id: string) => ref(name, id) }),
      runTransaction: async (work: (transaction: unknown) => Promise<void>) =>
        work({
          get: async ({ path: at }: { path: string }) => ({ data: () => store.get(at) }),
          set: ({ path: at }: { path: string }, data: Record<string, unknown>) =>
            void store.set(at, { ...store.get(at), ...data }),
        }),
    };
    const events = new BuildEvents({ ...config, notifyUrl: "" }, db as unknown as Firestore, jest.fn());
    // The fast-lane release keeps the article list of the release it was made from.
    mkdirSync(path.join(dir, "releases", "lane-1"), { recursive: true });
    writeFileSync(
      path.join(dir, "releases", "lane-1", "articles.json"),
      JSON.stringify([{ id: "a", slug: "a-slug", title: "Title A", lastUpdate: "1" }]),
    );
    // publishArticle wrote the new title; the lane's release lists the one before it.
    store.set("articleStatus/a", { state: "queued", title: "New title A", slug: "a-slug" });
    const full = { ...newBuild("full-1", ["a"]), lane: "full" as const };
    events.triggered(full, { reason: "firestore", documents: ["a"], at: new Date() });
    const lane: Build = {
      ...newBuild("lane-1", ["a"]),
      lane: "fast",
      state: "published",
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
    };
    events.laneFinished(lane, [{ id: "a", slug: "a-slug" }]);
    events.started(full, "lane-1");
    await events.settled();

    expect(store.get("siteBuilds/lane-1")).toMatchObject({
      lane: "fast",
      state: "published",
      articles: { live: ["a"], notPublished: [], removed: [] },
    });
    expect(store.get("siteBuilds/full-1")).toMatchObject({ lane: "full", state: "building" });
    expect(store.get("articleStatus/a")).toMatchObject({
      state: "live",
      buildId: "lane-1",
      title: "New title A",
      slug: "a-slug",
      url: "https://kindred.example/blogarticle/a-slug",
    });
  });

  it("logs a receiver that cannot be reached, and goes on", async () => {
    const log = jest.fn();
    const events = new BuildEvents({ ...config, notifyUrl: "http://127.0.0.1:9/" }, null, log);
    const build = newBuild("b4", []);
    events.started(build, null);
    await events.settled();
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Notification build.started for build b4 not delivered/));
  });
});

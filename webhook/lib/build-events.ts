// What editors learn of each build, as it happens: the states of the articles it carries
// (`articleStatus`) and its own record (`siteBuilds`) in Firestore, and signed notifications. The
// queue (build-queue.ts) calls in when a build is triggered, starts and ends; every write goes through
// one chain, so a later state never lands before an earlier one, and no failure here ever reaches
// the queue: it is logged.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Firestore } from "firebase-admin/firestore";
import { writeArticleStatus, type ArticleStatus } from "@kindred/publishing";
import { readReport, reportFileIn, type ReportedArticle } from "@kindred/publishing";
import type { Build, Log } from "./build-record.ts";
import { articleUrl, buildOutcome } from "./build-outcome.ts";
import type { ServiceConfig } from "./config.ts";
import { notification, sendNotification, type BuildNotification, type NotifiedArticle } from "./notify.ts";
import { writeSiteBuild, type SiteBuild } from "./site-build-writer.ts";
import { reportDirOf } from "./workspace.ts";

/** A trigger as the queue accepted it. */
export interface AcceptedTrigger {
  reason: string;
  documents: readonly string[];
  at: Date;
}

/** What the queue tells about its builds. */
export interface BuildObserver {
  triggered(build: Build, trigger: AcceptedTrigger): void;
  started(build: Build, publishedId: string | null): void;
  finished(build: Build): void;
  /** A fast lane published a release with these articles re-rendered (fast-lane-release.ts). */
  laneFinished?(lane: Build, live: readonly { id: string; slug: string }[]): void;
  /** Resolves once everything reported so far is written and sent. */
  settled(): Promise<void>;
}

// The most triggers a siteBuilds record lists; a burst beyond is counted, not listed.
const MAX_TRIGGERS_LISTED = 100;
const ARTICLES_FILE = "articles.json";

export class BuildEvents implements BuildObserver {
  private config: ServiceConfig;
  private db: Firestore | null;
  private log: Log;
  private writes: Promise<void> = Promise.resolve();
  private notices: Promise<void> = Promise.resolve();
  private records = new Map<string, SiteBuild>();
  private before = new Map<string, Map<string, ReportedArticle> | null>();
  /** Articles a fast lane made live whose full build has not ended: they stay "live" meanwhile. */
  private laneLive = new Set<string>();

  constructor(config: ServiceConfig, db: Firestore | null, log: Log) {
    this.config = config;
    this.db = db;
    this.log = log;
  }

  triggered(build: Build, { reason, documents, at }: AcceptedTrigger): void {
    const record = this.record(build);
    if (record.triggers.length < MAX_TRIGGERS_LISTED) record.triggers.push({ reason, at, documents: [...documents] });
    this.writeBuild(build.id, record);
    for (const id of documents)
      if (!this.laneLive.has(id)) this.writeArticle(id, { state: "queued", buildId: build.id });
  }

  started(build: Build, publishedId: string | null): void {
    // The report of the build before must not be read as this one's.
    rmSync(reportDirOf(this.config.buildsDir), { recursive: true, force: true });
    this.before.set(build.id, publishedId ? this.articlesOf(publishedId) : null);
    const record = this.record(build);
    Object.assign(record, { state: "building", startedAt: new Date(build.startedAt ?? Date.now()) });
    this.writeBuild(build.id, record);
    for (const id of build.documents ?? [])
      if (!this.laneLive.has(id)) this.writeArticle(id, { state: "building", buildId: build.id });
    this.notify({ type: "build.started", build, live: [], notPublished: [], carried: build.documents ?? [] });
  }

  finished(build: Build): void {
    const published = build.state === "published";
    const finishedAt = new Date(build.finishedAt ?? Date.now());
    // Read now: the next build, which starts right after, empties the report's folder.
    const report = readReport(reportFileIn(reportDirOf(this.config.buildsDir)));
    const before = this.before.get(build.id) ?? null;
    this.before.delete(build.id);
    const outcome = buildOutcome(
      { id: build.id, published, error: build.error, finishedAt, documents: build.documents ?? [] },
      report,
      before,
      this.config.siteUrl,
    );
    if (published && report.articles) this.keepArticles(build.id, report.articles);
    const record = this.record(build);
    Object.assign(record, {
      state: published ? "published" : "failed",
      finishedAt,
      articles: outcome.articles,
      ...(published ? {} : { error: build.error ?? "The build failed." }),
    });
    this.records.delete(build.id);
    for (const id of build.documents ?? []) this.laneLive.delete(id);
    this.writeBuild(build.id, record);
    for (const [id, status] of outcome.statuses) this.writeArticle(id, status);
    const named = (ids: string[]): NotifiedArticle[] =>
      ids.map((id) => {
        const status = outcome.statuses.get(id);
        return {
          id,
          ...(status?.title ? { title: status.title } : {}),
          ...(status?.url ? { url: status.url } : {}),
          ...(status?.reasons ? { reasons: status.reasons.map((r) => `${r.field} ${r.rule}`) } : {}),
        };
      });
    this.notify({
      type: published ? "build.published" : "build.failed",
      build,
      live: named(outcome.articles.live),
      notPublished: named([...outcome.articles.notPublished, ...outcome.articles.removed]),
      ...(published ? {} : { error: build.error, carried: [...outcome.statuses.keys()] }),
    });
  }

  /**
   * A fast lane's release is live: its own siteBuilds record, and each article it re-rendered is
   * live, as after a full build. Its title is left as it is: the lane's release keeps the article
   * list of the release it was made from, which holds the title before a new one, and
   * publishArticle has written the new one already. The full build behind it leaves those articles
   * live until it ends, rather than saying "building".
   */
  laneFinished(lane: Build, live: readonly { id: string; slug: string }[]): void {
    const finishedAt = new Date(lane.finishedAt ?? Date.now());
    const record: SiteBuild = {
      state: "published",
      lane: "fast",
      reason: lane.reason,
      triggers: [{ reason: lane.reason, at: new Date(lane.triggeredAt), documents: [...(lane.documents ?? [])] }],
      queuedAt: new Date(lane.triggeredAt),
      ...(lane.startedAt ? { startedAt: new Date(lane.startedAt) } : {}),
      finishedAt,
      articles: { live: live.map(({ id }) => id), notPublished: [], removed: [] },
    };
    this.writeBuild(lane.id, record);
    for (const { id, slug } of live) {
      this.laneLive.add(id);
      this.writeArticle(id, {
        state: "live",
        slug,
        buildId: lane.id,
        url: articleUrl(this.config.siteUrl, slug),
        liveSince: finishedAt,
      });
    }
  }

  settled(): Promise<void> {
    return Promise.all([this.writes, this.notices]).then(() => undefined);
  }

  private record(build: Build): SiteBuild {
    const record = this.records.get(build.id) ?? {
      state: "queued",
      lane: build.lane ?? "full",
      reason: build.reason,
      triggers: [],
      queuedAt: new Date(build.triggeredAt),
    };
    this.records.set(build.id, record);
    return record;
  }

  // The article list a published release was built with, to tell what the next build changed.
  private articlesOf(releaseId: string): Map<string, ReportedArticle> | null {
    const file = path.join(this.config.buildsDir, "releases", releaseId, ARTICLES_FILE);
    if (!existsSync(file)) return null;
    try {
      const list = JSON.parse(readFileSync(file, "utf8")) as ReportedArticle[];
      return new Map(list.map((article) => [article.id, article]));
    } catch {
      return null;
    }
  }

  private keepArticles(releaseId: string, articles: Map<string, ReportedArticle>): void {
    const folder = path.join(this.config.buildsDir, "releases", releaseId);
    try {
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, ARTICLES_FILE), JSON.stringify([...articles.values()]));
    } catch (error) {
      this.log(`Cannot keep the article list of release ${releaseId}: ${(error as Error).message}`);
    }
  }

  private chain(task: () => Promise<unknown>, what: string): void {
    this.writes = this.writes.then(task).then(
      () => undefined,
      (error: unknown) => this.log(`Cannot write ${what}: ${(error as Error).message}`),
    );
  }

  private writeBuild(id: string, record: SiteBuild): void {
    const db = this.db;
    if (!db) return;
    const snapshot: SiteBuild = { ...record, triggers: [...record.triggers] };
    this.chain(() => writeSiteBuild(db, id, snapshot), `siteBuilds/${id}`);
  }

  private writeArticle(id: string, status: ArticleStatus): void {
    const db = this.db;
    if (db) this.chain(() => writeArticleStatus(db, id, status), `articleStatus/${id}`);
  }

  private notify({
    type,
    build,
    ...rest
  }: { type: BuildNotification["type"]; build: Build } & Pick<
    BuildNotification,
    "live" | "notPublished" | "carried" | "error"
  >): void {
    const { notifyUrl, notifySecret } = this.config;
    if (!notifyUrl) return;
    const event = notification({
      type,
      buildId: build.id,
      reason: build.reason,
      at: new Date().toISOString(),
      ...rest,
    });
    this.notices = this.notices.then(async () => {
      await sendNotification(notifyUrl, notifySecret, event, { log: this.log });
    });
  }
}

/** @jest-environment node */
import type { BuildReport, ReportedArticle } from "@kindred/publishing";
import { articleUrl, buildOutcome } from "../../../../webhook/lib/build-outcome.ts";

const article = (id: string, lastUpdate = "2026-01-01T00:00:00.000Z"): ReportedArticle => ({
  id,
  slug: `slug-${id}`,
  title: `Title ${id}`,
  lastUpdate,
});
const list = (...articles: ReportedArticle[]) => new Map(articles.map((a) => [a.id, a]));
const report = (overrides: Partial<BuildReport> = {}): BuildReport => ({
  articles: null,
  refused: new Map(),
  warnings: new Map(),
  blocks: new Map(),
  absent: new Map(),
  ...overrides,
});
const finishedAt = new Date("2026-02-01T10:00:00.000Z");
const SITE = "http://127.0.0.1:9/";

describe("buildOutcome", () => {
  it("makes new and changed articles live with their URL and time, and leaves unchanged ones alone", () => {
    const before = list(article("same"), article("edited"));
    const after = list(article("same"), article("edited", "2026-01-02T00:00:00.000Z"), article("new"));
    const outcome = buildOutcome(
      { id: "b1", published: true, finishedAt, documents: [] },
      report({ articles: after }),
      before,
      SITE,
    );
    expect([...outcome.statuses.keys()].sort()).toEqual(["edited", "new"]);
    expect(outcome.statuses.get("new")).toEqual({
      state: "live",
      title: "Title new",
      slug: "slug-new",
      buildId: "b1",
      url: "http://127.0.0.1:9/blogarticle/slug-new",
      liveSince: finishedAt,
      warnings: undefined,
      blocksLeftOut: undefined,
    });
    expect(outcome.articles).toEqual({ live: ["edited", "new"], notPublished: [], removed: [] });
  });

  it("makes an article the triggers named live even when nothing in its listing moved", () => {
    const before = list(article("a"));
    const outcome = buildOutcome(
      { id: "b1", published: true, finishedAt, documents: ["a"] },
      report({ articles: list(article("a")) }),
      before,
      SITE,
    );
    expect(outcome.statuses.get("a")?.state).toBe("live");
  });

  it("gives a refused article every reason the build gave, and one that left the site a reason too", () => {
    const reason = { document: "blogMetaData/bad", field: "slug", rule: "must match", message: "line" };
    const outcome = buildOutcome(
      { id: "b2", published: true, finishedAt, documents: ["bad", "draft"] },
      report({
        articles: list(article("ok")),
        refused: new Map([["bad", [reason]]]),
        absent: new Map([["draft", { ...reason, document: "blogMetaData/draft", field: "published" }]]),
      }),
      list(article("ok"), article("gone")),
      SITE,
    );
    expect(outcome.statuses.get("bad")).toMatchObject({ state: "not-published", reasons: [reason], buildId: "b2" });
    expect(outcome.statuses.get("draft")).toMatchObject({ state: "not-published", reasons: [{ field: "published" }] });
    expect(outcome.statuses.get("gone")).toMatchObject({
      state: "not-published",
      title: "Title gone",
      reasons: [{ field: "published", document: "blogMetaData/gone" }],
    });
    expect(outcome.articles).toEqual({ live: [], notPublished: ["bad", "draft"], removed: ["gone"] });
  });

  it("marks every article a failed build carried as failed, in the service's words", () => {
    const outcome = buildOutcome(
      { id: "b3", published: false, error: "The build command exited with code 1.", finishedAt, documents: ["a", "b"] },
      report({ articles: list(article("c", "2026-03-01T00:00:00.000Z")) }),
      list(article("c")),
      SITE,
    );
    expect([...outcome.statuses.keys()].sort()).toEqual(["a", "b", "c"]);
    for (const status of outcome.statuses.values())
      expect(status).toMatchObject({ state: "failed", buildId: "b3", error: "The build command exited with code 1." });
    expect(outcome.articles).toEqual({ live: [], notPublished: [], removed: [] });
  });

  it("says nothing of removals when it does not know what was published before", () => {
    const outcome = buildOutcome(
      { id: "b4", published: true, finishedAt, documents: [] },
      report({ articles: list(article("a")) }),
      null,
      SITE,
    );
    expect(outcome.articles).toEqual({ live: ["a"], notPublished: [], removed: [] });
  });

  it("joins the site's origin and the article's path with one slash", () => {
    expect(articleUrl("https://kindred.app", "x")).toBe("https://kindred.app/blogarticle/x");
    expect(articleUrl("https://kindred.app//", "x")).toBe("https://kindred.app/blogarticle/x");
  });
});

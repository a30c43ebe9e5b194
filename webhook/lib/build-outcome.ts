// What a finished build means for each article, worked out from the build's report (written by the
// code that warns in the build log, packages/publishing/src/build-report.ts) and the articles of the release that
// was published when it started. Pure: build-events.ts writes the result and sends it.
import type { ArticleStatus, StatusReason } from "@kindred/publishing";
import type { BuildReport, ReportedArticle } from "@kindred/publishing";

/** What the outcome needs to know of the build. */
export interface FinishedBuild {
  id: string;
  /** It was published; otherwise it failed. */
  published: boolean;
  /** The service's words for a failure. */
  error?: string;
  finishedAt: Date;
  /** The blogMetaData ids its triggers named. */
  documents: readonly string[];
}

export interface BuildOutcome {
  /** The state to write for each article the build changed or carried. */
  statuses: Map<string, ArticleStatus>;
  /** For siteBuilds: the articles that went live (new or changed), were refused, or left the site. */
  articles: { live: string[]; notPublished: string[]; removed: string[] };
}

/** The address of an article's page on the published site. */
export const articleUrl = (siteUrl: string, slug: string): string =>
  `${siteUrl.replace(/\/+$/, "")}/blogarticle/${slug}`;

const changedSince = (article: ReportedArticle, before: ReportedArticle | undefined): boolean =>
  !before || before.lastUpdate !== article.lastUpdate || before.slug !== article.slug || before.title !== article.title;

/** A published article the build no longer has, though nothing it read said why. */
const gone = (id: string): StatusReason => ({
  document: `blogMetaData/${id}`,
  field: "published",
  rule: "must be true",
  message: `blogMetaData/${id} is no longer among the published documents (unpublished or deleted); it left the site.`,
});

/**
 * The state of every article a build touched. A published build: each new or changed article is
 * live (as is each its triggers named), each refused or unreadable one not-published with the
 * build's reasons, and each that left the site not-published. A failed build: failed on every
 * article it carried (those its triggers named, and those its report shows it read).
 * `before` is the article list of the release published when the build started, null if unknown.
 */
export function buildOutcome(
  build: FinishedBuild,
  report: BuildReport,
  before: Map<string, ReportedArticle> | null,
  siteUrl: string,
): BuildOutcome {
  const statuses = new Map<string, ArticleStatus>();
  const named = new Set(build.documents);
  const after = report.articles;
  const changed = after ? [...after.values()].filter((a) => named.has(a.id) || changedSince(a, before?.get(a.id))) : [];
  const refused = new Set([...report.refused.keys(), ...report.absent.keys()].filter((id) => !after?.has(id)));
  const reasonsOf = (id: string): StatusReason[] | undefined => {
    const reasons = [...(report.refused.get(id) ?? []), ...(report.absent.has(id) ? [report.absent.get(id)!] : [])];
    return reasons.length > 0 ? reasons : undefined;
  };
  const described = (id: string) => {
    const article = after?.get(id) ?? before?.get(id);
    return article ? { title: article.title, slug: article.slug } : {};
  };

  if (!build.published) {
    for (const id of new Set([...named, ...changed.map((a) => a.id), ...refused])) {
      statuses.set(id, {
        state: "failed",
        ...described(id),
        buildId: build.id,
        error: build.error ?? "The build failed.",
        reasons: reasonsOf(id),
        blocksLeftOut: report.blocks.get(id),
      });
    }
    return { statuses, articles: { live: [], notPublished: [], removed: [] } };
  }

  for (const article of changed) {
    statuses.set(article.id, {
      state: "live",
      title: article.title,
      slug: article.slug,
      buildId: build.id,
      url: articleUrl(siteUrl, article.slug),
      liveSince: build.finishedAt,
      warnings: report.warnings.get(article.id),
      blocksLeftOut: report.blocks.get(article.id),
    });
  }
  const removed = after && before ? [...before.keys()].filter((id) => !after.has(id)) : [];
  for (const id of new Set([...refused, ...removed])) {
    statuses.set(id, {
      state: "not-published",
      ...described(id),
      buildId: build.id,
      reasons: reasonsOf(id) ?? [gone(id)],
      blocksLeftOut: report.blocks.get(id),
    });
  }
  return {
    statuses,
    articles: { live: changed.map((a) => a.id), notPublished: [...refused], removed },
  };
}

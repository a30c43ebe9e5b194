// What `npm run bench:lighthouse` keeps of a Lighthouse result, and the median over several runs.
// Pure functions over the result object, so the unit tests can feed them a hand-made one.
// Jest and Playwright load this module as CommonJS: it must not use import.meta.

/** The parts of a Lighthouse result (LHR) read here; the real object has many more. */
export interface LighthouseResult {
  lighthouseVersion?: string;
  environment?: { hostUserAgent?: string; benchmarkIndex?: number };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, LighthouseAudit | undefined>;
}

interface LighthouseAudit {
  numericValue?: number;
  details?: { type?: string; items?: unknown[] };
}

export interface LcpPhase {
  phase: string;
  ms: number;
}

export interface ResourceBytes {
  requests: number;
  bytes: number;
}

/** One Lighthouse run of one page, as the JSON report keeps it. */
export interface RunSummary {
  scores: Record<string, number>;
  /** Milliseconds, except CLS (unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** The LCP element: its selector and a snippet of its HTML. */
  lcpElement: { selector: string; snippet: string } | null;
  /** TTFB, load delay, load time and render delay of the LCP. */
  lcpPhases: LcpPhase[];
  /** Transferred bytes and request counts by resource type (document, script, font, image, …, total). */
  bytesByType: Record<string, ResourceBytes>;
  /** Audits of any category that scored below 1, by category. */
  failing: Record<string, string[]>;
}

const ROUND = (value: number): number => Math.round(value * 1000) / 1000;

function numeric(lhr: LighthouseResult, id: string): number {
  return ROUND(lhr.audits[id]?.numericValue ?? Number.NaN);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The element table and the phase table of the "largest-contentful-paint-element" audit. */
function lcpDetails(lhr: LighthouseResult): Pick<RunSummary, "lcpElement" | "lcpPhases"> {
  const tables = (lhr.audits["largest-contentful-paint-element"]?.details?.items ?? []).filter(isRecord);
  let lcpElement: RunSummary["lcpElement"] = null;
  const lcpPhases: LcpPhase[] = [];
  for (const table of tables) {
    const rows = Array.isArray(table.items) ? table.items.filter(isRecord) : [];
    for (const row of rows) {
      if (isRecord(row.node)) {
        lcpElement = { selector: String(row.node.selector ?? ""), snippet: String(row.node.snippet ?? "") };
      } else if (typeof row.phase === "string" && typeof row.timing === "number") {
        lcpPhases.push({ phase: row.phase, ms: ROUND(row.timing) });
      }
    }
  }
  return { lcpElement, lcpPhases };
}

function bytesByType(lhr: LighthouseResult): Record<string, ResourceBytes> {
  const rows = (lhr.audits["resource-summary"]?.details?.items ?? []).filter(isRecord);
  const result: Record<string, ResourceBytes> = {};
  for (const row of rows) {
    if (typeof row.resourceType !== "string") continue;
    result[row.resourceType] = { requests: Number(row.requestCount ?? 0), bytes: Number(row.transferSize ?? 0) };
  }
  return result;
}

/** The ids of the audits that keep a category below 100 (metrics and opportunities alike). */
function failingAudits(
  lhr: LighthouseResult & { categories: Record<string, { auditRefs?: { id: string }[] } | undefined> },
): Record<string, string[]> {
  const failing: Record<string, string[]> = {};
  for (const [id, category] of Object.entries(lhr.categories)) {
    if (!category || (category.score ?? 0) >= 1) continue;
    const ids = (category.auditRefs ?? [])
      .map((ref) => ({
        id: ref.id,
        audit: lhr.audits[ref.id] as
          (LighthouseAudit & { score?: number | null; scoreDisplayMode?: string }) | undefined,
      }))
      .filter(
        ({ audit }) =>
          audit &&
          typeof audit.score === "number" &&
          audit.score < 1 &&
          !["informative", "notApplicable", "manual"].includes(audit.scoreDisplayMode ?? ""),
      )
      .map(({ id: auditId }) => auditId);
    if (ids.length > 0) failing[id] = ids;
  }
  return failing;
}

/** What the report keeps of one run. */
export function summarizeRun(lhr: LighthouseResult): RunSummary {
  const scores: Record<string, number> = {};
  for (const [id, category] of Object.entries(lhr.categories)) scores[id] = Math.round((category?.score ?? 0) * 100);
  return {
    scores,
    fcp: numeric(lhr, "first-contentful-paint"),
    lcp: numeric(lhr, "largest-contentful-paint"),
    tbt: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    speedIndex: numeric(lhr, "speed-index"),
    ...lcpDetails(lhr),
    bytesByType: bytesByType(lhr),
    failing: failingAudits(lhr as Parameters<typeof failingAudits>[0]),
  };
}

/** The median of the numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The median of several runs of one page: each score and metric is its own median. The LCP
 * element, its phases and the bytes come from the run whose LCP is the median one, so they belong
 * together; the failing audits are those that failed in that run.
 */
export function medianRun(runs: RunSummary[]): RunSummary {
  const first = runs[0];
  if (!first) throw new Error("medianRun needs at least one run");
  const byLcp = [...runs].sort((a, b) => a.lcp - b.lcp);
  const representative = byLcp[Math.floor((byLcp.length - 1) / 2)] ?? first;
  const scores: Record<string, number> = {};
  for (const id of Object.keys(first.scores)) scores[id] = median(runs.map((run) => run.scores[id] ?? Number.NaN));
  const metric = (key: "fcp" | "lcp" | "tbt" | "cls" | "speedIndex"): number =>
    ROUND(median(runs.map((run) => run[key])));
  return {
    ...representative,
    scores,
    fcp: metric("fcp"),
    lcp: metric("lcp"),
    tbt: metric("tbt"),
    cls: metric("cls"),
    speedIndex: metric("speedIndex"),
  };
}

/** One line of the console summary for a page. */
export function formatSummary(label: string, run: RunSummary): string {
  const s = run.scores;
  const kb = (type: string): string => `${((run.bytesByType[type]?.bytes ?? 0) / 1024).toFixed(1)} kB`;
  return (
    `${label}: Performance ${s.performance ?? "?"}, Accessibility ${s.accessibility ?? "?"}, Best Practices ${s["best-practices"] ?? "?"}, SEO ${s.seo ?? "?"} | ` +
    `FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls} | ` +
    `script ${kb("script")}, total ${kb("total")}` +
    (run.lcpElement ? ` | LCP element ${run.lcpElement.selector}` : "")
  );
}

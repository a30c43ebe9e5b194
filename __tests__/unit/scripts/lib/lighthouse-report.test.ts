/** @jest-environment node */
import {
  formatSummary,
  median,
  medianRun,
  summarizeRun,
  type LighthouseResult,
  type RunSummary,
} from "../../../../scripts/lib/lighthouse-report";

/** A Lighthouse result with the parts the report reads. */
function result({
  lcp,
  tbt = 0,
  score = 1,
  selector = "main > img",
}: {
  lcp: number;
  tbt?: number;
  score?: number;
  selector?: string;
}): LighthouseResult {
  return {
    categories: {
      performance: { score, auditRefs: [{ id: "largest-contentful-paint" }, { id: "uses-responsive-images" }] },
      accessibility: { score: 1, auditRefs: [] },
    } as LighthouseResult["categories"],
    audits: {
      "first-contentful-paint": { numericValue: 800 },
      "largest-contentful-paint": {
        numericValue: lcp,
        score: lcp <= 1200 ? 1 : 0.8,
        scoreDisplayMode: "numeric",
      } as never,
      "uses-responsive-images": { score: 0.5, scoreDisplayMode: "metricSavings" } as never,
      "total-blocking-time": { numericValue: tbt },
      "cumulative-layout-shift": { numericValue: 0 },
      "speed-index": { numericValue: 900 },
      "largest-contentful-paint-element": {
        details: {
          type: "list",
          items: [
            { type: "table", items: [{ node: { selector, snippet: "<img>" } }] },
            {
              type: "table",
              items: [
                { phase: "TTFB", timing: 450 },
                { phase: "Load Delay", timing: 20.4 },
                { phase: "Load Time", timing: 100 },
                { phase: "Render Delay", timing: lcp - 570.4 },
              ],
            },
          ],
        },
      },
      "resource-summary": {
        details: {
          items: [
            { resourceType: "script", requestCount: 5, transferSize: 60_000 },
            { resourceType: "total", requestCount: 9, transferSize: 120_000 },
          ],
        },
      },
    },
  };
}

describe("summarizeRun", () => {
  const run = summarizeRun(result({ lcp: 1500, tbt: 40, score: 0.97 }));

  it("keeps the scores, the metrics, the LCP element and its phases, and the bytes by type", () => {
    expect(run.scores).toEqual({ performance: 97, accessibility: 100 });
    expect(run).toMatchObject({ fcp: 800, lcp: 1500, tbt: 40, cls: 0, speedIndex: 900 });
    expect(run.lcpElement).toEqual({ selector: "main > img", snippet: "<img>" });
    expect(run.lcpPhases.map((phase) => phase.phase)).toEqual(["TTFB", "Load Delay", "Load Time", "Render Delay"]);
    expect(run.bytesByType.script).toEqual({ requests: 5, bytes: 60_000 });
  });

  it("names the audits that keep a category below 100", () => {
    expect(run.failing).toEqual({ performance: ["largest-contentful-paint", "uses-responsive-images"] });
    expect(summarizeRun(result({ lcp: 900 })).failing).toEqual({});
  });
});

describe("median and medianRun", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("gives each metric its own median, and the LCP details of the run whose LCP is the median", () => {
    const runs: RunSummary[] = [
      summarizeRun(result({ lcp: 3000, tbt: 10, score: 0.8, selector: "slow" })),
      summarizeRun(result({ lcp: 1000, tbt: 300, score: 1, selector: "fast" })),
      summarizeRun(result({ lcp: 1500, tbt: 20, score: 0.95, selector: "middle" })),
    ];
    const middle = medianRun(runs);
    expect(middle).toMatchObject({ lcp: 1500, tbt: 20, scores: { performance: 95 } });
    expect(middle.lcpElement?.selector).toBe("middle");
    expect(() => medianRun([])).toThrow();
  });

  it("prints one line per page", () => {
    expect(formatSummary("/", summarizeRun(result({ lcp: 1234.4 })))).toBe(
      "/: Performance 100, Accessibility 100, Best Practices ?, SEO ? | FCP 800 ms, LCP 1234 ms, TBT 0 ms, CLS 0 | script 58.6 kB, total 117.2 kB | LCP element main > img",
    );
  });
});

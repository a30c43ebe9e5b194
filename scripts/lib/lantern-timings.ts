// What Lighthouse's simulation counted in a page's largest paint: after a run, the requests and main-thread
// tasks of the largest paint's two estimates (Lighthouse reports their mean), each with the start and end the
// simulation gave it on the throttled network. `npm run bench:lighthouse -- --lantern` prints them; that is
// how the files fetched while the page painted (a favicon, a manifest) were found (docs/first-load.md).
import { Simulator } from "@paulirish/trace_engine/models/trace/lantern/simulation/Simulator.js";

interface SimulatedNode {
  type: string;
  duration?: number;
  request?: { url: string; priority: string; transferSize: number };
}

const LARGEST_PAINT = /^(optimistic|pessimistic)LargestContentfulPaint$/;

/** The largest paint's simulated timings of the run just made, one line each, then forgets every simulation. */
export function largestPaintTimings(origin: string): string[] {
  const lines: string[] = [];
  const simulations = Simulator.allNodeTimings as Map<
    string,
    Map<SimulatedNode, { startTime: number; endTime: number }>
  >;
  for (const [label, timings] of simulations) {
    if (!LARGEST_PAINT.test(label)) continue;
    lines.push(`  ${label}:`);
    const nodes = [...timings].sort((a, b) => a[1].endTime - b[1].endTime);
    for (const [node, { startTime, endTime }] of nodes) {
      const what = node.request
        ? `${node.request.priority} ${node.request.url.replace(origin, "")} (${node.request.transferSize} bytes)`
        : `main thread, ${((node.duration ?? 0) / 1000).toFixed(1)} ms observed`;
      lines.push(`    ${startTime.toFixed(0).padStart(5)}-${endTime.toFixed(0).padStart(5)} ms ${what}`);
    }
  }
  simulations.clear();
  return lines;
}
